import type { Auth } from 'firebase/auth';

let loaded: Auth | undefined;
let settle!: { resolve: (auth: Auth) => void; reject: (error: unknown) => void };

/**
 * Settles once Firebase (45 kB of gzip in its own chunk) has started, whoever loaded it: loadAuth() below, or
 * a sign-in page importing ./firebase directly, whose last step is authStarted(). lib/auth.tsx listens here.
 */
export const authLoaded = new Promise<Auth>((resolve, reject) => (settle = { resolve, reject }));

/** Called by ./firebase.ts once Auth is set up. */
export function authStarted(auth: Auth) {
  loaded = auth;
  settle.resolve(auth);
}

let requested = false;

/**
 * Loads Firebase, once. It is not part of the first download, and a visitor who never had a session does not
 * load it on the public pages at all: lib/auth.tsx asks for it at once only when this browser was signed in
 * last time, and the protected routes ask for it when they are shown.
 */
export function loadAuth(): Promise<Auth> {
  if (!requested) {
    requested = true;
    import('./firebase').catch(settle.reject);
  }
  return authLoaded;
}

/**
 * The signed-in user's ID token. While Firebase is still loading nobody can be signed in yet (it restores
 * a session only after it has loaded), so a request sent then goes without one, as before.
 */
export async function currentIdToken(): Promise<string | undefined> {
  return loaded?.currentUser?.getIdToken();
}

/** A token asked for afresh, before the offline queue's replay (lib/offline/offline-queue.ts): one kept overnight has expired. */
export async function refreshIdToken(): Promise<void> {
  await loaded?.currentUser?.getIdToken(true);
}
