import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import { env } from '../config/env';
import { authStarted } from './lazy-auth';

/**
 * With no Firebase config the app runs against the local Auth Emulator (project demo-book-warehouse),
 * which works offline. With VITE_FIREBASE_* set in .env, the same code talks to that real project.
 */
export const usingAuthEmulator = !env.VITE_FIREBASE_API_KEY;

const app = initializeApp(
  usingAuthEmulator
    ? { apiKey: 'demo-api-key', projectId: 'demo-book-warehouse', authDomain: 'demo-book-warehouse.firebaseapp.com' }
    : {
        apiKey: env.VITE_FIREBASE_API_KEY,
        authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
        projectId: env.VITE_FIREBASE_PROJECT_ID,
        appId: env.VITE_FIREBASE_APP_ID,
      },
);

/**
 * getAuth() would also install the pop-up resolver, which loads Google's gapi script from apis.google.com on
 * every page as soon as Auth starts: a request to another host for every visitor, signed in or not, and it
 * fails offline. The resolver is handed to signInWithPopup instead (features/auth/api/provider-sign-in.ts),
 * so Google's script loads only when someone signs in with a provider against a real Firebase project.
 */
export const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence] });

if (usingAuthEmulator) {
  connectAuthEmulator(auth, `http://${window.location.hostname}:${env.VITE_AUTH_EMULATOR_PORT}`, { disableWarnings: true });
}

authStarted(auth);
