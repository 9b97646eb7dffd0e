import { messages } from '../../config/messages';
import type { DownloadProgress } from '../../lib/download';
import { ProgressBar } from './progress-bar';

/** An export's progress bar while its file downloads (lib/use-csv-export.ts); nothing otherwise. */
export function DownloadProgressBar({ progress }: { progress?: DownloadProgress }) {
  if (!progress) return null;
  const { done, total, unit, perSecond } = progress;
  return <ProgressBar label={messages.exportProgress} done={done} total={total} unit={unit} perSecond={perSecond} />;
}
