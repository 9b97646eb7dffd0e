import { useId } from 'react';
import { formatDone, formatTimeLeft, secondsLeft } from '../../lib/progress';

/**
 * Long work's progress: what it is, how much is done of how much, the time left at the rate so far, and a bar
 * (indeterminate, pulsing, while the total is unknown). Not a live region: a count read out every second would drown
 * everything else; the outcome that replaces it is.
 */
export function ProgressBar({
  label,
  done,
  total,
  unit,
  perSecond,
}: {
  label: string;
  done: number;
  total?: number | null;
  unit: string;
  perSecond?: number | null;
}) {
  const id = useId();
  const left = secondsLeft(done, total, perSecond);
  const known = total !== null && total !== undefined && total > 0;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap justify-between gap-x-3 text-sm text-slate-700">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <span className="tabular-nums">
          {formatDone(done, total, unit)}
          {left === undefined ? '' : ` · ${formatTimeLeft(left)}`}
        </span>
      </div>
      <progress
        id={id}
        className={`h-2 w-full appearance-none overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:bg-amber-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-amber-600 ${known ? '' : 'motion-safe:animate-pulse'}`}
        max={known ? total : undefined}
        value={known ? Math.min(done, total) : undefined}
      />
    </div>
  );
}
