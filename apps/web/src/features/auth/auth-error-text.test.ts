import { FirebaseError } from 'firebase/app';
import { describe, expect, it } from 'vitest';
import { authErrorText } from './auth-error-text';

describe('authErrorText', () => {
  it.each([
    ['auth/wrong-password', 'Wrong e-mail or password'],
    ['auth/invalid-credential', 'Wrong e-mail or password'],
    ['auth/user-not-found', 'Wrong e-mail or password'],
    ['auth/email-already-in-use', 'An account with this e-mail already exists'],
    ['auth/too-many-requests', 'Too many attempts: wait a few minutes, or reset your password'],
    ['auth/network-request-failed', 'No connection to the sign-in service: check your network and try again'],
    ['auth/weak-password', 'Choose a longer password: at least 6 characters'],
  ])('%s reads "%s"', (code, text) => {
    expect(authErrorText(new FirebaseError(code, `Firebase: Error (${code}).`))).toBe(text);
  });

  it('never shows a raw provider code', () => {
    expect(authErrorText(new FirebaseError('auth/internal-error', 'Firebase: Error (auth/internal-error).'))).toBe(
      'Signing in did not work: try again',
    );
    expect(authErrorText(new Error('Firebase: Error (auth/whatever).'))).toBe('Signing in did not work: try again');
  });

  it("keeps another error's own message", () => {
    expect(authErrorText(new Error('The server is busy'))).toBe('The server is busy');
  });
});
