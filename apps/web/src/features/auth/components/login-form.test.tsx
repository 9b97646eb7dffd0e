import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'firebase/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { emailSignIn } from '../api/email-sign-in';
import { resetPassword } from '../api/reset-password';
import { LoginForm } from './login-form';

// Firebase is the network boundary of signing in; the history record goes through the stubbed fetch.
vi.mock('../api/email-sign-in', () => ({ emailSignIn: vi.fn() }));
vi.mock('../api/reset-password', () => ({ resetPassword: vi.fn() }));

beforeEach(() => {
  vi.mocked(emailSignIn)
    .mockReset()
    .mockResolvedValue({ displayName: 'Ada Lovelace' } as User);
  vi.mocked(resetPassword).mockReset().mockResolvedValue(undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('LoginForm password reset', () => {
  it('asks for an e-mail first: "Please provide a email."', async () => {
    renderWithApp(<LoginForm onSignedIn={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByText('Please provide a email.')).toBeInTheDocument();
    expect(resetPassword).not.toHaveBeenCalled();
  });

  it('sends the reset e-mail and says "Sent email"', async () => {
    renderWithApp(<LoginForm onSignedIn={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByText('Sent email')).toBeInTheDocument();
    expect(resetPassword).toHaveBeenCalledWith('ada@example.com');
  });
});

describe('LoginForm sign-in', () => {
  it('records "Login" and continues', async () => {
    const fetchMock = stubFetch(() =>
      json(
        {
          _id: 'b'.repeat(24),
          email: 'ada@example.com',
          bookName: 'Ada Lovelace',
          task: 'Login',
          time: 'now',
          createdAt: new Date().toISOString(),
        },
        201,
      ),
    );
    const onSignedIn = vi.fn();
    renderWithApp(<LoginForm onSignedIn={onSignedIn} />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-one');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(JSON.parse(fetchMock.mock.calls[0]![1]?.body as string)).toMatchObject({ task: 'Login' });
  });

  it('still continues when only the history record fails, with the server message in a toast', async () => {
    stubFetch(() => json({ error: { code: 'unauthorized', message: 'The sign-in token is invalid or expired; sign in again' } }, 401));
    const onSignedIn = vi.fn();
    renderWithApp(<LoginForm onSignedIn={onSignedIn} />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-one');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(/not saved: The sign-in token is invalid or expired/)).toBeInTheDocument();
    expect(onSignedIn).toHaveBeenCalledOnce();
  });
});
