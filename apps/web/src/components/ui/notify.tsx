import { toast, Toaster } from 'sonner';

type Tone = 'success' | 'error';

export interface NotifyOptions {
  /**
   * The action the message is about: a newer message with the same id replaces the older one, whichever its tone.
   * Defaults to the message itself, so the same words never stack.
   */
  id?: string;
  /** A button on the toast (such as Undo); such a toast stays until it is used or dismissed. */
  action?: { label: string; onClick: () => void };
}

/** Errors and successes go to two toasters, errors above: a failure is never hidden behind a later success. */
const toasterOf: Record<Tone, string> = { success: 'status', error: 'alerts' };
const other: Record<Tone, Tone> = { success: 'error', error: 'success' };
const toastId = (tone: Tone, id: string) => `${tone}:${id}`;

const ERROR_MS = 8000;
const SUCCESS_MS = 4000;

interface ToastProps {
  message: string;
  tone: Tone;
  action?: NotifyOptions['action'];
  onDismiss: () => void;
}

function Toast({ message, tone, action, onDismiss }: ToastProps) {
  const error = tone === 'error';
  return (
    <div
      role={error ? 'alert' : 'status'}
      className={`flex w-80 max-w-[calc(100vw-2rem)] items-center gap-3 rounded-lg border px-4 py-3 text-sm font-medium shadow-lg ${
        error ? 'border-red-200 bg-red-50 text-red-800' : 'border-emerald-200 bg-emerald-50 text-emerald-800'
      }`}
    >
      <span className="flex-1">{message}</span>
      {action && (
        <>
          <button
            type="button"
            className="rounded-md px-2 py-1 font-semibold underline underline-offset-2 hover:no-underline"
            onClick={() => {
              action.onClick();
              onDismiss();
            }}
          >
            {action.label}
          </button>
          <button type="button" aria-label="Dismiss" className="rounded-md px-2 py-1" onClick={onDismiss}>
            <span aria-hidden="true">✕</span>
          </button>
        </>
      )}
    </div>
  );
}

function show(tone: Tone, message: string, options: NotifyOptions = {}) {
  const key = options.id ?? message;
  // The same action's older message of the other tone goes: the newer outcome is the one that holds.
  toast.dismiss(toastId(other[tone], key));
  const id = toastId(tone, key);
  toast.custom(() => <Toast message={message} tone={tone} action={options.action} onDismiss={() => toast.dismiss(id)} />, {
    id,
    toasterId: toasterOf[tone],
    duration: options.action ? Infinity : tone === 'error' ? ERROR_MS : SUCCESS_MS,
  });
}

/** In-app toasts (docs/rules.md, Alerts and confirmations): successes are role="status", failures role="alert". */
export const notify = {
  success: (message: string, options?: NotifyOptions) => show('success', message, options),
  error: (message: string, options?: NotifyOptions) => show('error', message, options),
};

/** Mutation callbacks that toast the outcome: `success` when the call worked (then `after`), else the server's message. */
export function toastOutcome(success: string, after?: () => void) {
  // Both outcomes of one action share an id, so a retry's answer replaces the previous one.
  return {
    onSuccess: () => {
      notify.success(success, { id: success });
      after?.();
    },
    onError: (error: Error) => notify.error(error.message, { id: success }),
  };
}

/** Space kept free at the bottom edge, above the browser's own bars and the phone's home indicator. */
const EDGE = 'max(1rem, env(safe-area-inset-bottom))';
/** The alerts sit above the status messages' stack (one collapsed toast and its stack's peek). */
const ABOVE_STATUS = 'calc(max(1rem, env(safe-area-inset-bottom)) + 5.5rem)';

/**
 * The two toasters, at the bottom centre: away from the sticky header and its buttons on every width (the
 * top of the screen is where the menu, search and sign-out are).
 */
export function Notifications() {
  return (
    <>
      <Toaster
        id={toasterOf.success}
        containerAriaLabel="Messages"
        position="bottom-center"
        visibleToasts={3}
        offset={{ bottom: EDGE }}
        mobileOffset={{ bottom: EDGE }}
      />
      <Toaster
        id={toasterOf.error}
        containerAriaLabel="Errors"
        position="bottom-center"
        visibleToasts={3}
        offset={{ bottom: ABOVE_STATUS }}
        mobileOffset={{ bottom: ABOVE_STATUS }}
      />
    </>
  );
}
