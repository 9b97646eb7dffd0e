const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const withSeconds = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });
const clock = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const day = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const month = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric' });

/** The label fine enough to tell apart ticks spread over `span` milliseconds. */
function formatFor(span: number): Intl.DateTimeFormat {
  if (span < 10 * MINUTE_MS) return withSeconds;
  if (span < DAY_MS) return clock;
  if (span < 365 * DAY_MS) return day;
  return month;
}

/**
 * At most `count` ticks spread evenly from `first` to `last` (epoch milliseconds), each with a label no other tick
 * shares: changes made within one minute are told apart by their seconds, not shown as two ticks that read '7:16 PM'.
 */
export function timeTicks(first: number, last: number, count: number): { ticks: number[]; label: (at: number) => string } {
  const format = formatFor(last - first);
  const label = (at: number) => format.format(at);
  if (last <= first || count < 2) return { ticks: [first], label };
  const seen = new Set<string>();
  const ticks: number[] = [];
  for (let i = 0; i < count; i++) {
    const at = Math.round(first + ((last - first) * i) / (count - 1));
    const text = label(at);
    if (seen.has(text)) continue;
    seen.add(text);
    ticks.push(at);
  }
  return { ticks, label };
}
