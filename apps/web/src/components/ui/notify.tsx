import { toast } from 'sonner';

/** A button in a toast that takes back what the toast announces, for as long as the toast shows. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

function Toast({ id, message, tone, action }: { id: string | number; message: string; tone: 'success' | 'error'; action?: ToastAction }) {
  const error = tone === 'error';
  return (
    <div
      role={error ? 'alert' : 'status'}
      className={`flex w-80 max-w-[calc(100vw-2rem)] items-center justify-between gap-3 rounded-lg border px-4 py-3 text-sm font-medium shadow-lg ${
        error ? 'border-red-200 bg-red-50 text-red-800' : 'border-emerald-200 bg-emerald-50 text-emerald-800'
      }`}
    >
      <span>{message}</span>
      {action && (
        <button
          type="button"
          className="shrink-0 rounded-md border border-current px-2 py-1 font-semibold hover:bg-white/60"
          onClick={() => {
            toast.dismiss(id);
            action.onClick();
          }}
        >
          {action.label}
        </button>
      )}
    </div>
  );
}

/** In-app toasts (docs/rules.md, Alerts and confirmations): successes are role="status", failures role="alert". */
export const notify = {
  /** With `action`, the toast carries its button and stays `duration` ms (sonner's default otherwise). */
  success: (message: string, options?: { action: ToastAction; duration: number }) =>
    toast.custom((id) => <Toast id={id} message={message} tone="success" action={options?.action} />, { duration: options?.duration }),
  error: (message: string) => toast.custom((id) => <Toast id={id} message={message} tone="error" />, { duration: 8000 }),
};

/** Mutation callbacks that toast the outcome: `success` when the call worked (then `after`), else the server's message. */
export function toastOutcome(success: string, after?: () => void) {
  return {
    onSuccess: () => {
      notify.success(success);
      after?.();
    },
    onError: (error: Error) => notify.error(error.message),
  };
}
