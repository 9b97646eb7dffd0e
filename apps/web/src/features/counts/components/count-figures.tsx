import type { CountFigures } from '@book-warehouse/types';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { TableHead } from '../../../components/ui/table-head';
import { accuracyText, money, signed, signedMoney } from '../format';
import { reasonLabels } from '../review';

const cell = 'px-3 py-2 text-left';
const num = 'px-3 py-2 text-right tabular-nums';

/** Record accuracy, the lines counted and the variances (net and absolute, units and value), then by reason. */
export function CountFiguresView({ figures, label }: { figures: CountFigures; label: string }) {
  const tiles = [
    [
      'Record accuracy',
      accuracyText(figures.accuracy),
      `${figures.linesWithinTolerance} of ${figures.linesCounted} lines within tolerance`,
    ],
    ['Lines counted', String(figures.linesCounted), `${figures.lines} with a variance decided`],
    ['Net variance', signed(figures.netUnits), signedMoney(figures.netValue)],
    ['Absolute variance', String(figures.absoluteUnits), money.format(figures.absoluteValue)],
  ] as const;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <dl aria-label={label} className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {tiles.map(([name, value, detail]) => (
          <div key={name} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{name}</dt>
            <dd className="text-2xl font-bold tabular-nums">{value}</dd>
            <dd className="text-sm text-slate-600">{detail}</dd>
          </div>
        ))}
      </dl>
      {figures.byReason.length > 0 && (
        <ScrollRegion label={`${label}: variance by reason`} className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          <table className="w-full text-sm">
            <TableHead
              columns={[
                'Reason',
                { label: 'Lines', className: 'text-right' },
                { label: 'Net units', className: 'text-right' },
                { label: 'Absolute units', className: 'text-right' },
                { label: 'Net value', className: 'text-right' },
                { label: 'Absolute value', className: 'text-right' },
              ]}
              cellClassName={cell}
            />
            <tbody className="divide-y divide-slate-200">
              {figures.byReason.map((row) => (
                <tr key={row.reason}>
                  <th scope="row" className={`${cell} font-semibold`}>
                    {reasonLabels[row.reason]}
                  </th>
                  <td className={num}>{row.lines}</td>
                  <td className={num}>{signed(row.netUnits)}</td>
                  <td className={num}>{row.absoluteUnits}</td>
                  <td className={num}>{signedMoney(row.netValue)}</td>
                  <td className={num}>{money.format(row.absoluteValue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </div>
  );
}
