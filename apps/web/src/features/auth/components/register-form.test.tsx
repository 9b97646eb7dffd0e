import { FirebaseError } from 'firebase/app';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'firebase/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { register } from '../api/register';
import { RegisterForm } from './register-form';

// Firebase is the network boundary of registration; the history record goes through the stubbed fetch.
vi.mock('../api/register', () => ({ register: vi.fn() }));

const history = {
  _id: 'a'.repeat(24),
  email: 'ada@example.com',
  bookName: 'Ada Lovelace',
  task: 'Singup',
  time: 'now',
  createdAt: new Date().toISOString(),
};

async function fillIn(password: string, confirmPassword: string) {
  await userEvent.type(screen.getByLabelText('Name'), 'Ada Lovelace');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.type(screen.getByLabelText('Confirm password'), confirmPassword);
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
}

beforeEach(() => {
  vi.mocked(register).mockReset();
  vi.mocked(register).mockResolvedValue({ displayName: 'Ada Lovelace' } as User);
});
afterEach(() => vi.unstubAllGlobals());

describe('RegisterForm', () => {
  it('stops with "Password Do not match" when the passwords differ', async () => {
    const fetchMock = stubFetch(() => json(history, 201));
    const onRegistered = vi.fn();
    renderWithApp(<RegisterForm onRegistered={onRegistered} />);
    await fillIn('secret-one', 'secret-two');
    expect(await screen.findByText('Password Do not match')).toBeInTheDocument();
    expect(register).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it('registers, shows the verification toast and records "Singup"', async () => {
    const fetchMock = stubFetch(() => json(history, 201));
    const onRegistered = vi.fn();
    renderWithApp(<RegisterForm onRegistered={onRegistered} />);
    await fillIn('secret-one', 'secret-one');
    expect(await screen.findByText('Verification code sent in ada@example.com Please Check your Email.')).toBeInTheDocument();
    expect(register).toHaveBeenCalledWith('Ada Lovelace', 'ada@example.com', 'secret-one');
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(String(input)).toBe('/api/histories');
    expect(JSON.parse(init?.body as string)).toMatchObject({ task: 'Singup', bookName: 'Ada Lovelace' });
    await waitFor(() => expect(onRegistered).toHaveBeenCalledOnce());
  });

  it('shows a failed history record as a toast, not as a failed registration', async () => {
    stubFetch(() => json({ error: { code: 'internal', message: 'History is down' } }, 500));
    const onRegistered = vi.fn();
    renderWithApp(<RegisterForm onRegistered={onRegistered} />);
    await fillIn('secret-one', 'secret-one');
    const toast = await screen.findByText(/the history entry was not saved: History is down/);
    // A toast, outside the form: the form shows no error of its own.
    expect(toast.closest('form')).toBeNull();
    expect(onRegistered).toHaveBeenCalledOnce();
  });

  it("shows the provider's error in plain words as red text under the form", async () => {
    stubFetch(() => json(history, 201));
    vi.mocked(register).mockRejectedValue(new FirebaseError('auth/email-already-in-use', 'Firebase: Error (auth/email-already-in-use).'));
    renderWithApp(<RegisterForm onRegistered={vi.fn()} />);
    await fillIn('secret-one', 'secret-one');
    expect(await screen.findByText('An account with this e-mail already exists')).toHaveClass('text-red-600');
    expect(screen.queryByText(/auth\//)).toBeNull();
  });
});
