import type { CountSessionReport } from '@book-warehouse/types';
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { TableHead } from '../../../components/ui/table-head';
import { accuracyText, countName, when } from '../format';

const AMBER = '#b45309';
const cell = 'px-3 py-2 text-left';

/**
 * Record accuracy across the applied sessions, oldest first, against the common floor (95 %); the same figures in a
 * table beneath, for reading exact values.
 */
export function AccuracyChart({ sessions }: { sessions: readonly CountSessionReport[] }) {
  const points = sessions.map((s) => ({ name: countName(s), accuracy: s.accuracy === null ? null : Math.round(s.accuracy * 1000) / 10 }));
  return (
    <figure className="flex min-w-0 flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <figcaption className="text-lg font-semibold">Record accuracy across sessions</figcaption>
      <div className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 0 }} title="Record accuracy by session, in percent">
            <CartesianGrid strokeDasharray="3 3" stroke="#cbd5e1" />
            <XAxis dataKey="name" tick={{ fontSize: 12 }} />
            <YAxis domain={[0, 100]} unit=" %" width={56} tick={{ fontSize: 12 }} />
            <Tooltip formatter={(value) => [`${String(value)} %`, 'Accuracy']} />
            <ReferenceLine
              y={95}
              stroke="#64748b"
              strokeDasharray="4 4"
              label={{ value: '95 %', fontSize: 12, position: 'insideBottomRight' }}
            />
            <Line type="monotone" dataKey="accuracy" stroke={AMBER} strokeWidth={2} dot={{ r: 4 }} connectNulls isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <ScrollRegion label="Accuracy by session">
        <table className="w-full text-sm">
          <TableHead columns={['Session', 'Applied', 'Lines counted', 'Accuracy']} cellClassName={cell} />
          <tbody className="divide-y divide-slate-200">
            {sessions.map((s) => (
              <tr key={s.sessionId}>
                <th scope="row" className={`${cell} font-semibold`}>
                  {countName(s)}
                </th>
                <td className={cell}>{s.appliedAt ? when.format(new Date(s.appliedAt)) : '–'}</td>
                <td className={cell}>{s.linesCounted}</td>
                <td className={cell}>{accuracyText(s.accuracy)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </figure>
  );
}
