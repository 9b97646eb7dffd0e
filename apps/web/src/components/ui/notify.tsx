import { toast } from 'sonner';

function Toast({ message, tone }: { message: string; tone: 'success' | 'error' }) {
  const error = tone === 'error';
  return (
    <div
      role={error ? 'alert' : 'status'}
      className={`w-80 max-w-[calc(100vw-2rem)] rounded-lg border px-4 py-3 text-sm font-medium shadow-lg ${
        error ? 'border-red-200 bg-red-50 text-red-800' : 'border-emerald-200 bg-emerald-50 text-emerald-800'
      }`}
    >
      {message}
    </div>
  );
}

/** In-app toasts (docs/rules.md, Alerts and confirmations): successes are role="status", failures role="alert". */
export const notify = {
  success: (message: string) => toast.custom(() => <Toast message={message} tone="success" />),
  error: (message: string) => toast.custom(() => <Toast message={message} tone="error" />, { duration: 8000 }),
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
