import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';

/** `detail` names what the action is about (such as the book), shown beneath the question and read as its description. */
type Confirm = (message: string, options?: { confirmLabel?: string; detail?: string }) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

interface Pending {
  message: string;
  confirmLabel: string;
  detail?: string;
  resolve: (ok: boolean) => void;
}

/**
 * In-app confirmation (docs/rules.md, Alerts and confirmations): a modal role="alertdialog" with confirm and cancel, instead of
 * window.confirm. Escape cancels; focus starts on Cancel and returns to where it was.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);

  const confirm = useCallback<Confirm>(
    (message, options) =>
      new Promise<boolean>((resolve) =>
        setPending({ message, confirmLabel: options?.confirmLabel ?? 'Delete', detail: options?.detail, resolve }),
      ),
    [],
  );

  useEffect(() => {
    const dialog = dialogRef.current;
    if (pending && dialog && !dialog.open) dialog.showModal();
  }, [pending]);

  const close = (ok: boolean) => {
    pending?.resolve(ok);
    dialogRef.current?.close();
    setPending(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {pending && (
        <dialog
          ref={dialogRef}
          role="alertdialog"
          aria-modal="true"
          aria-labelledby="confirm-message"
          aria-describedby={pending.detail ? 'confirm-detail' : undefined}
          onCancel={(event) => {
            event.preventDefault();
            close(false);
          }}
          className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50"
        >
          <p id="confirm-message" className="text-lg font-semibold text-slate-900">
            {pending.message}
          </p>
          {pending.detail && (
            <p id="confirm-detail" className="mt-2 text-slate-700">
              {pending.detail}
            </p>
          )}
          <div className="mt-6 flex justify-end gap-3">
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog moves focus into itself (the WAI-ARIA dialog pattern); Cancel is the safe choice */}
            <Button variant="secondary" autoFocus onClick={() => close(false)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => close(true)}>
              {pending.confirmLabel}
            </Button>
          </div>
        </dialog>
      )}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside ConfirmProvider');
  return confirm;
}
