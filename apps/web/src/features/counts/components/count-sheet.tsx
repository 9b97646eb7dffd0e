import type { CountDetail, CountLine } from '@book-warehouse/types';
import { Button } from '../../../components/ui/button';
import { countName, scopeText, toleranceText, when } from '../format';

const cell = 'border border-slate-300 px-2 py-1 text-left';

/** The lines by location, in the order the API gives them (location code, then book name). */
function byLocation(lines: readonly CountLine[]) {
  const groups = new Map<string, CountLine[]>();
  for (const line of lines) groups.set(line.code, [...(groups.get(line.code) ?? []), line]);
  return [...groups];
}

/**
 * A printable count sheet for counting on paper: every line by location with an empty box for the count. A blind
 * session's sheet leaves the expected quantities out, whoever prints it.
 */
export function CountSheet({ count }: { count: CountDetail }) {
  const showExpected = !count.blind;
  return (
    <div className="flex min-w-0 flex-col gap-4 print:text-black">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <Button onClick={() => window.print()}>Print the sheet</Button>
        <p className="text-sm text-slate-600">
          {count.blind
            ? 'A blind count: the sheet leaves the quantities on record out.'
            : 'The quantities on record are those when each line was first counted, else those now.'}
        </p>
      </div>
      <div>
        <h2 className="text-xl font-bold">
          {countName(count)} count sheet{count.blind ? ' (blind)' : ''}
        </h2>
        <p className="text-sm">
          {scopeText(count)} · tolerance {toleranceText(count.tolerance)} · printed {when.format(new Date())}
        </p>
      </div>
      {byLocation(count.lines).map(([code, lines]) => (
        <section key={code} aria-label={`Location ${code}`} className="break-inside-avoid">
          <h3 className="font-mono text-lg font-semibold">
            {code} <span className="font-sans text-base font-normal">{lines[0]!.locationName}</span>
          </h3>
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-sm">
              <thead>
                <tr>
                  <th scope="col" className={cell}>
                    Book
                  </th>
                  <th scope="col" className={cell}>
                    ISBN
                  </th>
                  {showExpected && (
                    <th scope="col" className={cell}>
                      On record
                    </th>
                  )}
                  <th scope="col" className={`${cell} w-28`}>
                    Counted
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <tr key={line._id}>
                    <td className={cell}>{line.bookName}</td>
                    <td className={`${cell} font-mono`}>{line.isbn ?? ''}</td>
                    {showExpected && <td className={cell}>{line.expected ?? line.current ?? ''}</td>}
                    <td className={`${cell} h-9`} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      <p className="text-sm">Counted by: ____________________ Date: ____________</p>
    </div>
  );
}
