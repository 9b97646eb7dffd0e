import { useId, useState } from 'react';
import { BarcodeReader } from './barcode-reader';
import { Button } from './button';

/**
 * A 'Scan' button for a form or a screen: it opens the barcode reader (camera at once, or the typed field)
 * below it, hands on the first valid ISBN (13 digits), or with `onOtherCode` any other code (a location's), and closes.
 */
export function ScanButton({
  onCode,
  onOtherCode,
  label = 'Scan',
}: {
  onCode: (isbn: string) => void;
  onOtherCode?: (code: string) => void;
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="flex min-w-0 flex-col items-start gap-3">
      <Button variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((v) => !v)}>
        {open ? 'Close the scanner' : label}
      </Button>
      {open && (
        <div id={panelId} className="w-full rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
          <BarcodeReader
            autoStart
            onCode={(isbn) => {
              setOpen(false);
              onCode(isbn);
            }}
            onOtherCode={
              onOtherCode &&
              ((code) => {
                setOpen(false);
                onOtherCode(code);
              })
            }
          />
        </div>
      )}
    </div>
  );
}
