import { Button } from './button';

/**
 * The foot of a scanning session (receiving, moving): its commit, and 'Start over', which drops every scan. Both
 * wait while a commit is on its way; there is nothing to start over before the first scan.
 */
export function ScanSessionActions({
  commitLabel,
  canCommit,
  onCommit,
  scanned,
  onStartOver,
  busy,
}: {
  commitLabel: string;
  canCommit: boolean;
  onCommit: () => void;
  /** Whether anything is scanned (or counted) yet. */
  scanned: boolean;
  onStartOver: () => void;
  busy: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button onClick={onCommit} disabled={busy || !canCommit}>
        {commitLabel}
      </Button>
      <Button variant="ghost" onClick={onStartOver} disabled={busy || !scanned}>
        Start over
      </Button>
    </div>
  );
}
