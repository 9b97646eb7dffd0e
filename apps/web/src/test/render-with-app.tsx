import type { Account } from '@book-warehouse/types';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { User } from 'firebase/auth';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { ConfirmProvider } from '../components/ui/confirm-dialog';
import { Notifications } from '../components/ui/notify';
import { paths } from '../config/paths';
import { accountKeys } from '../lib/account';
import { AuthContext } from '../lib/auth';
import { queryRoots } from '../lib/query-keys';

/**
 * Renders with the app's real providers: a QueryClient (no retries, so failures show at once), a memory
 * router, the confirm dialog and the toaster. `ui` is the element at `path`, opened at `url` (`path` with a
 * search, say) when given; `routes` adds others. With
 * `account`, that account is signed in and its role already known (as GET /api/me would answer it); with
 * `restoring`, nobody is yet, as while Firebase restores a session.
 */
export function renderWithApp(
  ui: ReactNode,
  {
    path = paths.home,
    url = path,
    routes = [],
    account,
    restoring = false,
  }: { path?: string; url?: string; routes?: RouteObject[]; account?: Account; restoring?: boolean } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path, element: ui }, ...routes], { initialEntries: [url] });
  // Only what the app reads of a Firebase user.
  const user = account ? ({ uid: account.uid, email: account.email, displayName: account.name } as User) : null;
  if (account) {
    queryClient.setQueryData(accountKeys.me(account.uid), account);
    // Known, not fetched again: the tests' fetch stubs answer only the calls under test.
    queryClient.setQueryDefaults(queryRoots.account, { staleTime: Infinity });
  }
  const view = render(
    <AuthContext.Provider value={{ user, ready: !restoring }}>
      <QueryClientProvider client={queryClient}>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
        <Notifications />
      </QueryClientProvider>
    </AuthContext.Provider>,
  );
  return { ...view, router, queryClient };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** Stubs the network boundary: every API call goes to `handler`. Returns the mock to inspect the calls. */
export function stubFetch(handler: Handler) {
  // lib/api-client.ts calls fetch with a path, never a Request or URL object.
  const mock = vi.fn((input: string, init?: RequestInit) => Promise.resolve(handler(new URL(input, 'http://localhost'), init)));
  vi.stubGlobal('fetch', mock);
  return mock;
}
