import { messages } from '../../config/messages';

const { authErrors } = messages;

/** Firebase Auth error codes, in the words a clerk understands (docs: firebase.google.com AuthErrorCodes). */
const byCode: Record<string, string> = {
  'auth/wrong-password': authErrors.wrongCredentials,
  'auth/invalid-credential': authErrors.wrongCredentials,
  'auth/invalid-login-credentials': authErrors.wrongCredentials,
  'auth/user-not-found': authErrors.wrongCredentials,
  'auth/email-already-in-use': authErrors.emailInUse,
  'auth/invalid-email': authErrors.invalidEmail,
  'auth/missing-email': authErrors.invalidEmail,
  'auth/weak-password': authErrors.weakPassword,
  'auth/too-many-requests': authErrors.tooManyRequests,
  'auth/network-request-failed': authErrors.network,
  'auth/user-disabled': authErrors.disabled,
  'auth/popup-blocked': authErrors.popupBlocked,
  'auth/account-exists-with-different-credential': authErrors.otherProvider,
};

/**
 * What to show under a sign-in or registration form for a failure: the plain sentence for a known provider
 * code, a non-provider error's own message (such as the history record's server message), else a general line.
 */
export function authErrorText(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (code.startsWith('auth/')) return byCode[code] ?? authErrors.fallback;
  if (error instanceof Error && error.message && !error.message.startsWith('Firebase:')) return error.message;
  return authErrors.fallback;
}
