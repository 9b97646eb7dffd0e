// No imports: the public pages' first script (public-boot.ts) reads the hint before anything else loads.

/**
 * Whether this browser had a session when it was last here: only then is Firebase loaded as the app starts,
 * to restore it, and a public page hydrated at once. Others load it when a page needs it (lazy-auth.ts), so
 * a visitor's landing page never does.
 */
const SESSION_HINT = 'book-warehouse.signed-in';

export function rememberSession(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SESSION_HINT, '1');
    else localStorage.removeItem(SESSION_HINT);
  } catch {
    // Storage turned off: every visit then starts signed out until a protected page loads Firebase.
  }
}

export function hadSession(): boolean {
  try {
    return localStorage.getItem(SESSION_HINT) !== null;
  } catch {
    return false;
  }
}
