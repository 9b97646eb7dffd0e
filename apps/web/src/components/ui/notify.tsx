import { lazy, Suspense, useSyncExternalStore } from 'react';

export type Tone = 'success' | 'error';

export interface NotifyOptions {
  /**
   * The action the message is about: a newer message with the same id replaces the older one, whichever its tone.
   * Defaults to the message itself, so the same words never stack.
   */
  id?: string;
  /** A button on the toast (such as Undo); such a toast stays until it is used or dismissed. */
  action?: { label: string; onClick: () => void };
}

const loadToaster = () => import('./toaster');
const Toasters = lazy(() => loadToaster().then((module) => ({ default: module.Toasters })));

/** Whether a message has been asked for yet: the toasters (./toaster.tsx) are loaded and drawn from then on. */
let requested = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function show(tone: Tone, message: string, options?: NotifyOptions) {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  void loadToaster().then((module) => module.show(tone, message, options));
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

/**
 * The two toasters, at the bottom centre, drawn once the first message is shown (none on the server-drawn
 * public pages, so hydration matches).
 */
export function Notifications() {
  const shown = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  return shown ? (
    <Suspense fallback={null}>
      <Toasters />
    </Suspense>
  ) : null;
}
