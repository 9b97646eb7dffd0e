import type { Book } from '@book-warehouse/types';
import { useId, useState, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { TableHead } from '../../../components/ui/table-head';
import { leastStocked, valueByCategory } from '../stock-summary';

const money = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });
const compactMoney = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD', notation: 'compact' });
const AMBER = '#d97706';
const SKY = '#0369a1';

/** Axis labels stay on one line; the tooltip and the table show the full name. */
const shorten = (text: string, max = 18) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * A chart with its heading and the same numbers as a table. The chart itself is keyboard-reachable
 * (recharts' accessibility layer: arrow keys move the tooltip) and titled for screen readers.
 */
function ChartCard({ id, title, height, chart, table }: { id: string; title: string; height: number; chart: ReactNode; table: ReactNode }) {
  return (
    <figure aria-labelledby={id} className="flex min-w-0 flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div style={{ height }}>{chart}</div>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-amber-700">Show the data as a table</summary>
        <div className="mt-2 overflow-x-auto">{table}</div>
      </details>
    </figure>
  );
}

const th = 'px-3 py-2 text-left font-semibold text-slate-600';
const td = 'px-3 py-2';

/**
 * The bars' scale. Square root by default: beside one book with a huge stock, the others' bars stay visible (a
 * linear scale shrinks them to nothing); zero stays zero, which a logarithmic scale cannot show.
 */
type Scale = 'sqrt' | 'linear';

/** Stock value by category and the books with the least stock, computed from the books given. */
export function StockCharts({ books }: { books: readonly Book[] }) {
  const byCategory = valueByCategory(books);
  const least = leastStocked(books);
  const [scale, setScale] = useState<Scale>('sqrt');
  const linearId = useId();
  return (
    <div className="grid items-start gap-6 xl:grid-cols-2">
      <p className="flex items-center gap-2 text-sm xl:col-span-2">
        <input
          id={linearId}
          type="checkbox"
          checked={scale === 'linear'}
          onChange={(event) => setScale(event.target.checked ? 'linear' : 'sqrt')}
          className="size-4 accent-amber-700"
        />
        <label htmlFor={linearId}>Linear scale (by default a square-root scale keeps small values readable)</label>
      </p>
      <ChartCard
        id="chart-value-by-category"
        title="Stock value by category"
        height={Math.max(240, byCategory.length * 36)}
        chart={
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={byCategory} layout="vertical" margin={{ left: 8, right: 16 }} title="Stock value by category">
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" scale={scale} domain={[0, 'auto']} tickFormatter={(v: number) => compactMoney.format(v)} />
              <YAxis type="category" dataKey="category" width={110} tick={{ fontSize: 12 }} tickFormatter={(v: string) => shorten(v, 14)} />
              <Tooltip formatter={(v) => money.format(Number(v))} />
              <Bar dataKey="value" name="Stock value" fill={AMBER} radius={[0, 4, 4, 0]} />
            </BarChart>
          </ResponsiveContainer>
        }
        table={
          <table className="w-full">
            <TableHead columns={['Category', 'Stock value']} cellClassName={th} className="" />
            <tbody>
              {byCategory.map((row) => (
                <tr key={row.category}>
                  <td className={td}>{row.category}</td>
                  <td className={`${td} tabular-nums`}>{money.format(row.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      <ChartCard
        id="chart-least-stock"
        title={`The ${least.length} books with the least stock`}
        height={Math.max(240, least.length * 36)}
        chart={
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={least} layout="vertical" margin={{ left: 8, right: 32 }} title="Books with the least stock">
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" scale={scale} domain={[0, 'auto']} allowDecimals={false} />
              <YAxis type="category" dataKey="name" width={140} tick={{ fontSize: 12 }} tickFormatter={(v: string) => shorten(v)} />
              <Tooltip />
              <Bar dataKey="stock" name="Stock" fill={SKY} radius={[0, 4, 4, 0]} minPointSize={2}>
                {/* The count beside each bar, so an out-of-stock book (no bar) still reads 0. */}
                <LabelList dataKey="stock" position="right" className="fill-slate-700 text-xs" />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        }
        table={
          <table className="w-full">
            <TableHead columns={['Book', 'Stock']} cellClassName={th} className="" />
            <tbody>
              {least.map((row) => (
                <tr key={row.id}>
                  <td className={td}>{row.name}</td>
                  <td className={`${td} tabular-nums ${row.stock < 1 ? 'font-semibold text-red-600' : ''}`}>{row.stock}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </div>
  );
}
