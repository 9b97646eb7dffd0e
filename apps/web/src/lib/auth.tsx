import type { User } from 'firebase/auth';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { notify } from '../components/ui/notify';
import { authLoaded, loadAuth } from './lazy-auth';
import { hadSession, rememberSession } from './session-hint';

/**
 * Who is signed in, for every part of the app: the session lives here, beside Firebase (./firebase.ts,
 * ./lazy-auth.ts), so a feature can ask without importing the auth feature, which holds the sign-in screens.
 */
interface AuthState {
  user: User | null;
  /** False until Firebase has restored (or not) the previous session. */
  ready: boolean;
}

/** Exported for component tests, which sign a user in without Firebase (test/render-with-app.tsx). */
export const AuthContext = createContext<AuthState>({ user: null, ready: false });

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ user: null, ready: false });
  useEffect(() => {
    let mounted = true;
    let unsubscribe: (() => void) | undefined;
    // Until Firebase has loaded and reported, nobody is signed in.
    authLoaded
      .then(async (auth) => {
        const { onIdTokenChanged } = await import('firebase/auth');
        if (!mounted) return;
        unsubscribe = onIdTokenChanged(auth, (user) => {
          rememberSession(user !== null);
          setState({ user, ready: true });
        });
      })
      // Offline or a stale deployment: say so, and let protected routes go on to the login page.
      .catch(() => {
        notify.error('Sign-in could not be loaded; check your connection and reload the page');
        if (mounted) setState({ user: null, ready: true });
      });
    if (hadSession()) void loadAuth();
    return () => {
      mounted = false;
      unsubscribe?.();
    };
  }, []);
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

export const useAuth = () => useContext(AuthContext);

/**
 * Whether someone is signed in: undefined while a session this browser had is being restored (a click on what
 * needs an account then waits for it), false at once in a browser that never had one, where Firebase is not even
 * loaded.
 */
export function useSignedIn(): boolean | undefined {
  const { user, ready } = useAuth();
  if (ready) return user !== null;
  return hadSession() ? undefined : false;
}

/** The route a sign-in returns to (spec: the origin, default /), handed to the login page as router state. */
export interface FromState {
  from?: string;
}
