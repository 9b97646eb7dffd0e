import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Spinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { RequireAuth } from '../features/auth/require-auth';
import { RootLayout } from './layout/root-layout';
import { RootError, RouteError } from './layout/route-error';
import { dashboardRoute } from './routes/dashboard/routes';
import { HomePage } from './routes/home';

/**
 * Only the landing page is in the entry chunk; every other page is loaded on demand (the router's `lazy`),
 * so a visitor of / does not download the forms, their schemas or the sign-in code. On a first visit to
 * such a page the spinner holds its place under the header.
 */
const pageFallback = <Spinner label="Loading the page" className="min-h-96" />;

const lazyPage = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  hydrateFallbackElement: pageFallback,
  lazy: () => load().then((Component) => ({ Component })),
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    ErrorBoundary: RootError,
    children: [
      {
        // A page that fails shows the error inside the header and footer.
        ErrorBoundary: RouteError,
        children: [
          { path: paths.home, element: <HomePage /> },
          { path: paths.homeAlias, element: <HomePage /> },
          lazyPage(paths.blog, () => import('./routes/blog').then((m) => m.BlogPage)),
          lazyPage(paths.about, () => import('./routes/about').then((m) => m.AboutPage)),
          lazyPage(paths.login, () => import('./routes/login').then((m) => m.LoginPage)),
          lazyPage(paths.register, () => import('./routes/register').then((m) => m.RegisterPage)),
          {
            element: <RequireAuth />,
            children: [
              lazyPage(paths.allBooks, () => import('./routes/all-books').then((m) => m.AllBooksPage)),
              lazyPage(paths.myItems, () => import('./routes/my-items').then((m) => m.MyItemsPage)),
              dashboardRoute,
            ],
          },
          lazyPage('*', () => import('./routes/not-found').then((m) => m.NotFoundPage)),
        ],
      },
    ],
  },
];
