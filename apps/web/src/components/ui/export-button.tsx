import type { useCsvExport } from '../../lib/use-csv-export';
import { Button } from './button';
import { notify } from './notify';

/** What `useCsvExport` answers: the export the button starts. */
type CsvExport<Input> = Pick<ReturnType<typeof useCsvExport<Input>>, 'mutate' | 'isPending'>;

/**
 * A CSV export's button: it says what it is doing while the file downloads ('Exporting…', 'Downloading…') and shows
 * a failure as a toast. Its progress bar (DownloadProgressBar) goes where the screen has room for it.
 */
export function ExportButton<Input>({
  exporter,
  input,
  label,
  busyLabel,
  className,
}: {
  exporter: CsvExport<Input>;
  input: Input;
  label: string;
  busyLabel: string;
  className?: string;
}) {
  return (
    <Button
      variant="secondary"
      className={className}
      disabled={exporter.isPending}
      onClick={() => exporter.mutate(input, { onError: (error) => notify.error(error.message) })}
    >
      {exporter.isPending ? busyLabel : label}
    </Button>
  );
}
