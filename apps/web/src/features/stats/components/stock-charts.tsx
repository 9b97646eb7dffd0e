import type { StockChart } from '@book-warehouse/types';
import { useId, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, LabelList, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { TableHead } from '../../../components/ui/table-head';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { timeTicks } from '../time-ticks';

const money = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat(undefined);
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
/** The over-time axis starts near its values, so its ticks need more digits than the bars' ($49.54K, not $50K). */
const preciseCompactMoney = new Intl.NumberFormat(undefined, {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumSignificantDigits: 4,
});
const compactMoney = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD', notation: 'compact' });
const compactCount = new Intl.NumberFormat(undefined, { notation: 'compact' });
/** The copies' axis over time starts near its values too: 2,805 and 2,810 must not both read 2.8K. */
const preciseCompactCount = new Intl.NumberFormat(undefined, { notation: 'compact', maximumSignificantDigits: 4 });
const AMBER = '#d97706';
const SKY = '#0369a1';
const TEAL = '#0f766e';

/** Below Tailwind's sm breakpoint the axes get narrower label columns and fewer ticks. */
const PHONE = '(max-width: 639px)';
const subscribePhone = (onChange: () => void) => {
  const query = window.matchMedia?.(PHONE);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
const usePhone = () =>
  useSyncExternalStore(
    subscribePhone,
    () => window.matchMedia?.(PHONE).matches ?? false,
    () => false,
  );

/** A label cut to `max` characters with an ellipsis. */
const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** What recharts hands a custom axis tick. */
interface TickProps {
  x?: number | string;
  y?: number | string;
  payload?: { value?: string | number };
}

/** A category axis label on one line, cut to fit its column; the whole name is its tooltip (an SVG title). */
function NameTick({ x, y, payload, max }: TickProps & { max: number }) {
  const name = String(payload?.value ?? '');
  return (
    <text x={x} y={y} dy={4} textAnchor="end" fontSize={12} className="fill-slate-700">
      <title>{name}</title>
      {shorten(name, max)}
    </text>
  );
}

/**
 * The ticks of a value axis: on the square-root scale at a 16th, a quarter and the whole of the largest value,
 * so they stand evenly apart (linear ticks crowd the far end of a square-root axis and their labels collide).
 */
function valueTicks(max: number, scale: Scale): number[] | undefined {
  if (scale === 'linear' || max <= 0) return undefined;
  const nice = (n: number) => {
    const step = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
    return Math.ceil(n / step) * step;
  };
  return [...new Set([0, nice(max / 16), nice(max / 4), nice(max)])];
}

/** The value axis of a bar chart laid out sideways: from 0, few ticks on a phone, labels compact. */
const valueAxis = (max: number, scale: Scale, phone: boolean, format: Intl.NumberFormat) => {
  const ticks = valueTicks(max, scale);
  return {
    type: 'number',
    scale,
    domain: [0, ticks ? ticks[ticks.length - 1]! : 'auto'],
    ticks,
    tickCount: phone ? 3 : 5,
    interval: 'preserveStartEnd',
    minTickGap: 16,
    allowDecimals: false,
    tickFormatter: (v: number) => format.format(v),
  } as const;
};

/** The name axis of a bar chart laid out sideways: every name on one line, cut to the column's width (NameTick). */
const nameAxis = (phone: boolean, phoneWidth: number, width: number) =>
  ({
    type: 'category',
    width: phone ? phoneWidth : width,
    interval: 0,
    // About 7 px per character at 12 px.
    tick: (props: TickProps) => <NameTick {...props} max={Math.floor((phone ? phoneWidth : width) / 7)} />,
  }) as const;

/**
 * A chart with its heading and the same numbers as a table. The chart itself is keyboard-reachable
 * (recharts' accessibility layer: arrow keys move the tooltip) and titled for screen readers.
 */
function ChartCard({
  id,
  title,
  height,
  chart,
  table,
  controls,
  className = '',
}: {
  id: string;
  title: string;
  height: number;
  chart: ReactNode;
  table: ReactNode;
  controls?: ReactNode;
  className?: string;
}) {
  return (
    <figure
      aria-labelledby={id}
      className={`flex min-w-0 flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 ${className}`}
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {controls}
      <div style={{ height }}>{chart}</div>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-amber-700">Show the data as a table</summary>
        <ScrollRegion label={`${title}: the data`} className="mt-2">
          {table}
        </ScrollRegion>
      </details>
    </figure>
  );
}

const th = 'px-3 py-2 text-left font-semibold text-slate-600';
const td = 'px-3 py-2';
const num = `${td} text-right tabular-nums`;

/**
 * The bars' scale. Square root by default: beside one book with a huge stock, the others' bars stay visible (a
 * linear scale shrinks them to nothing); zero stays zero, which a logarithmic scale cannot show.
 */
type Scale = 'sqrt' | 'linear';

/** What the category bars measure. */
type Measure = 'value' | 'copies';

/** Up to this many changes, each is marked with a dot on the lines. */
const MAX_DOTS = 30;

/** The totals the charts add up to: the dashboard's tiles, so the two pages never disagree. */
function Totals({ totals }: { totals: StockChart['totals'] }) {
  const items = [
    ['Stock value', money.format(totals.price)],
    ['Value at cost', money.format(totals.costValue)],
    ['Copies', count.format(totals.quantity)],
    ['Books', count.format(totals.products)],
  ] as const;
  return (
    <dl aria-label="Totals" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:col-span-2">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0 rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="text-xl font-semibold break-all text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Stock value or copies per category over every book, the categories past the chart's first folded into one bar. */
function CategoryCard({ chart, scale, phone }: { chart: StockChart; scale: Scale; phone: boolean }) {
  const [measure, setMeasure] = useState<Measure>('value');
  const name = useId();
  const { otherCategories: other } = chart;
  const rows = [
    ...chart.categories,
    ...(other.categories > 0 ? [{ category: `Other (${count.format(other.categories)} categories)`, ...other }] : []),
  ];
  const max = Math.max(0, ...rows.map((row) => row[measure]));
  const label = measure === 'value' ? 'Stock value' : 'Copies';
  const format = (v: number) => (measure === 'value' ? money.format(v) : count.format(v));
  return (
    <ChartCard
      id="chart-value-by-category"
      title="Stock by category"
      height={Math.max(240, rows.length * 36)}
      controls={
        <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <legend className="sr-only">Measure</legend>
          {(['value', 'copies'] as const).map((option) => (
            <label key={option} className="flex items-center gap-2">
              <input
                type="radio"
                name={name}
                value={option}
                checked={measure === option}
                onChange={() => setMeasure(option)}
                className="size-4 accent-amber-700"
              />
              {option === 'value' ? 'Stock value' : 'Copies'}
            </label>
          ))}
        </fieldset>
      }
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} layout="vertical" margin={{ left: 4, right: 24 }} title={`${label} by category`}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis dataKey={measure} {...valueAxis(max, scale, phone, measure === 'value' ? compactMoney : compactCount)} />
            <YAxis dataKey="category" {...nameAxis(phone, 84, 140)} />
            <Tooltip formatter={(v) => format(Number(v))} />
            <Bar dataKey={measure} name={label} fill={AMBER} radius={[0, 4, 4, 0]} minPointSize={2} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <table className="w-full">
          <TableHead
            columns={[
              'Category',
              { label: 'Books', className: 'text-right' },
              { label: 'Copies', className: 'text-right' },
              { label: 'Stock value', className: 'text-right' },
            ]}
            cellClassName={th}
            className=""
          />
          <tbody>
            {rows.map((row) => (
              <tr key={row.category}>
                <td className={td}>{row.category}</td>
                <td className={num}>{count.format(row.books)}</td>
                <td className={num}>{count.format(row.copies)}</td>
                <td className={num}>{money.format(row.value)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-slate-200 font-semibold">
            <tr>
              <th scope="row" className={th}>
                Total
              </th>
              <td className={num}>{count.format(chart.totals.products)}</td>
              <td className={num}>{count.format(chart.totals.quantity)}</td>
              <td className={num}>{money.format(chart.totals.price)}</td>
            </tr>
          </tfoot>
        </table>
      }
    />
  );
}

/** The books with the least stock over every book, fewest first. */
function LeastStockCard({ chart, scale, phone }: { chart: StockChart; scale: Scale; phone: boolean }) {
  const least = chart.leastStocked;
  return (
    <ChartCard
      id="chart-least-stock"
      title={`The ${least.length} books with the least stock`}
      height={Math.max(240, least.length * 36)}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={least} layout="vertical" margin={{ left: 4, right: 32 }} title="Books with the least stock">
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis {...valueAxis(Math.max(0, ...least.map((book) => book.stockQuantity)), scale, phone, compactCount)} />
            <YAxis dataKey="bookName" {...nameAxis(phone, 100, 160)} />
            <Tooltip />
            <Bar dataKey="stockQuantity" name="Stock" fill={SKY} radius={[0, 4, 4, 0]} minPointSize={2}>
              {/* The count beside each bar, so an out-of-stock book (no bar) still reads 0. */}
              <LabelList dataKey="stockQuantity" position="right" className="fill-slate-700 text-xs" />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <table className="w-full">
          <TableHead columns={['Book', { label: 'Stock', className: 'text-right' }]} cellClassName={th} className="" />
          <tbody>
            {least.map((row) => (
              <tr key={row._id}>
                <td className={td}>{row.bookName}</td>
                <td className={`${num} ${row.stockQuantity < 1 ? 'font-semibold text-red-600' : ''}`}>{row.stockQuantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

/** Total copies, stock value and value at cost after each of the latest changes of a stock or a price in the history. */
function StockOverTimeCard({ chart, phone }: { chart: StockChart; phone: boolean }) {
  const points = chart.overTime;
  // A few changes show as dots too: a single one draws no line.
  const dots = points.length <= MAX_DOTS;
  // A time axis (changes spaced as they happened), its ticks labelled as finely as the span needs.
  const timed = useMemo(() => points.map((point) => ({ ...point, at: Date.parse(point.time) })), [points]);
  const axis = useMemo(
    () => (timed.length > 0 ? timeTicks(timed[0]!.at, timed[timed.length - 1]!.at, phone ? 3 : 6) : undefined),
    [timed, phone],
  );
  return (
    <ChartCard
      id="chart-stock-over-time"
      title="Stock value and total copies over time"
      height={280}
      className="xl:col-span-2"
      chart={
        points.length === 0 ? (
          <p className="text-sm text-slate-600">No stock or price has changed yet.</p>
        ) : (
          <div className="flex h-full flex-col gap-2">
            {chart.olderChangesLeftOut && (
              <p className="text-sm text-slate-600">From the latest {count.format(points.length)} changes; older ones are not shown.</p>
            )}
            <div className="min-h-0 flex-1">
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={timed} margin={{ left: 4, right: 4 }} title="Stock value and total copies over time">
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis
                    dataKey="at"
                    type="number"
                    scale="time"
                    domain={['dataMin', 'dataMax']}
                    ticks={axis?.ticks}
                    tickFormatter={axis?.label}
                    interval="preserveStartEnd"
                    minTickGap={40}
                    tick={{ fontSize: 12 }}
                  />
                  {/* Not from zero: the changes are small beside the totals. */}
                  <YAxis
                    yAxisId="value"
                    domain={['auto', 'auto']}
                    tickFormatter={(v: number) => preciseCompactMoney.format(v)}
                    tickCount={phone ? 4 : 5}
                    tick={{ fontSize: 12 }}
                    width={64}
                  />
                  <YAxis
                    yAxisId="copies"
                    domain={['auto', 'auto']}
                    orientation="right"
                    allowDecimals={false}
                    tickFormatter={(v: number) => preciseCompactCount.format(v)}
                    tickCount={phone ? 4 : 5}
                    tick={{ fontSize: 12 }}
                    width={52}
                  />
                  <Tooltip
                    labelFormatter={(v) => (typeof v === 'number' ? when.format(v) : '')}
                    formatter={(v, name) => (name === 'Total copies' ? count.format(Number(v)) : money.format(Number(v)))}
                  />
                  <Legend />
                  <Line yAxisId="value" type="stepAfter" dataKey="value" name="Stock value" stroke={AMBER} dot={dots} />
                  <Line yAxisId="value" type="stepAfter" dataKey="costValue" name="Value at cost" stroke={TEAL} dot={dots} />
                  <Line yAxisId="copies" type="stepAfter" dataKey="copies" name="Total copies" stroke={SKY} dot={dots} />
                </LineChart>
              </ResponsiveContainer>
            </div>
          </div>
        )
      }
      table={
        points.length > 0 && (
          <table className="w-full">
            <TableHead
              columns={[
                'After the change of',
                'Change',
                { label: 'Total copies', className: 'text-right' },
                { label: 'Stock value', className: 'text-right' },
                { label: 'Value at cost', className: 'text-right' },
              ]}
              cellClassName={th}
              className=""
            />
            <tbody>
              {points.map((row, i) => (
                <tr key={`${row.time}-${i}`}>
                  <td className={td}>{when.format(new Date(row.time))}</td>
                  <td className={`${td} break-words`}>
                    {row.task} · {row.bookName}
                  </td>
                  <td className={num}>{count.format(row.copies)}</td>
                  <td className={num}>{money.format(row.value)}</td>
                  <td className={num}>{money.format(row.costValue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    />
  );
}

/** The Chart page's figures, all computed by the server over every book (GET /stats/chart). */
export function StockCharts({ chart }: { chart: StockChart }) {
  const [scale, setScale] = useState<Scale>('sqrt');
  const linearId = useId();
  const phone = usePhone();
  return (
    <div className="grid items-start gap-6 xl:grid-cols-2">
      <Totals totals={chart.totals} />
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
      <CategoryCard chart={chart} scale={scale} phone={phone} />
      <LeastStockCard chart={chart} scale={scale} phone={phone} />
      <StockOverTimeCard chart={chart} phone={phone} />
    </div>
  );
}

/** In place of the charts while a blind count hides the stock they sum (GET /stats/chart answers only the reason). */
export function HiddenStockCharts({ reason }: { reason: string }) {
  return (
    <p role="note" className="rounded-xl bg-white px-4 py-3 text-slate-800 shadow-sm ring-1 ring-slate-200">
      {reason}: the charts sum and order the stock being counted, so they show again when counting stops.
    </p>
  );
}
