import type { Auth } from 'firebase/auth';

let loaded: Auth | undefined;

/**
 * Firebase (45 kB of gzip in its own chunk) is not needed to draw the landing page, so it is not part of the first
 * download: code on that path reaches it here, which loads ./firebase in a chunk of its own. The
 * AuthProvider calls this on mount. Pages that are loaded on demand import ./firebase directly.
 */
export async function loadAuth(): Promise<Auth> {
  loaded = (await import('./firebase')).auth;
  return loaded;
}

/**
 * The signed-in user's ID token. While Firebase is still loading nobody can be signed in yet (it restores
 * a session only after it has loaded), so a request sent then goes without one, as before.
 */
export async function currentIdToken(): Promise<string | undefined> {
  return loaded?.currentUser?.getIdToken();
}
