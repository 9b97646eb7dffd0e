import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { providerLabel, type DemoAccount, type SignInProvider } from '../api/provider-sign-in';
import { DemoAccountFormSchema, type DemoAccountForm } from '../schemas';

/** Made-up people for the emulator; each provider has its own, as one e-mail can belong to one provider only. */
const demoAccounts: Record<SignInProvider, DemoAccount[]> = {
  google: [
    { name: 'Ada Lovelace', email: 'ada@example.com' },
    { name: 'Alan Turing', email: 'alan@example.com' },
  ],
  github: [
    { name: 'Grace Hopper', email: 'grace@example.com' },
    { name: 'Linus Torvalds', email: 'linus@example.com' },
  ],
};

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();

interface AccountChooserProps {
  /** The provider whose chooser is open; null when closed. */
  provider: SignInProvider | null;
  onPick: (provider: SignInProvider, account: DemoAccount) => void;
  onClose: () => void;
}

/**
 * Stands in for the provider's pop-up when the app runs against the Auth Emulator: a modal dialog listing
 * demo accounts plus 'Add another account'. Escape or Cancel closes it; focus returns to the button that opened it.
 */
export function AccountChooser({ provider, onPick, onClose }: AccountChooserProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [adding, setAdding] = useState(false);
  const form = useForm<DemoAccountForm>({ resolver: zodResolver(DemoAccountFormSchema), defaultValues: { name: '', email: '' } });
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (provider && !dialog.open) dialog.showModal();
    if (!provider && dialog.open) dialog.close();
  }, [provider]);

  const close = () => {
    setAdding(false);
    form.reset();
    onClose();
  };

  const pick = (account: DemoAccount) => {
    if (!provider) return;
    close();
    onPick(provider, account);
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      {provider && (
        <div className="flex flex-col gap-4">
          <div>
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              Sign in with {providerLabel[provider]}
            </h2>
            <p className="text-sm text-slate-600">Choose an account to continue to Book Warehouse.</p>
            <p className="mt-1 text-xs text-slate-500">Local Auth Emulator: demo accounts, no password needed.</p>
          </div>
          {adding ? (
            <form onSubmit={form.handleSubmit(pick)} noValidate className="flex flex-col gap-3">
              {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog moves focus into itself (the WAI-ARIA dialog pattern), here to its first field */}
              <Field label="Name" autoComplete="name" autoFocus {...form.register('name')} error={form.formState.errors.name} />
              <Field label="Email" type="email" autoComplete="email" {...form.register('email')} error={form.formState.errors.email} />
              <div className="flex justify-end gap-3">
                <Button variant="secondary" onClick={() => setAdding(false)}>
                  Back
                </Button>
                <Button type="submit">Continue</Button>
              </div>
            </form>
          ) : (
            <>
              <ul className="flex flex-col gap-1">
                {demoAccounts[provider].map((account) => (
                  <li key={account.email}>
                    <button
                      type="button"
                      onClick={() => pick(account)}
                      className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left hover:bg-slate-100"
                    >
                      <span
                        aria-hidden="true"
                        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-amber-100 text-sm font-semibold text-amber-800"
                      >
                        {initials(account.name)}
                      </span>
                      <span className="flex min-w-0 flex-col">
                        <span className="font-medium text-slate-900">{account.name}</span>
                        <span className="truncate text-sm text-slate-500">{account.email}</span>
                      </span>
                    </button>
                  </li>
                ))}
                <li>
                  <button
                    type="button"
                    onClick={() => setAdding(true)}
                    className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left font-medium text-slate-700 hover:bg-slate-100"
                  >
                    <span
                      aria-hidden="true"
                      className="inline-flex size-9 shrink-0 items-center justify-center rounded-full border border-dashed border-slate-400 text-lg text-slate-500"
                    >
                      +
                    </span>
                    Add another account
                  </button>
                </li>
              </ul>
              <Button variant="secondary" onClick={close} className="self-end">
                Cancel
              </Button>
            </>
          )}
        </div>
      )}
    </dialog>
  );
}
