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
          {
            path: paths.blog,
            hydrateFallbackElement: pageFallback,
            lazy: () => import('./routes/blog').then((m) => ({ Component: m.BlogPage })),
          },
          {
            path: paths.about,
            hydrateFallbackElement: pageFallback,
            lazy: () => import('./routes/about').then((m) => ({ Component: m.AboutPage })),
          },
          {
            path: paths.login,
            hydrateFallbackElement: pageFallback,
            lazy: () => import('./routes/login').then((m) => ({ Component: m.LoginPage })),
          },
          {
            path: paths.register,
            hydrateFallbackElement: pageFallback,
            lazy: () => import('./routes/register').then((m) => ({ Component: m.RegisterPage })),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: paths.allBooks,
                hydrateFallbackElement: pageFallback,
                lazy: () => import('./routes/all-books').then((m) => ({ Component: m.AllBooksPage })),
              },
              {
                path: paths.myItems,
                hydrateFallbackElement: pageFallback,
                lazy: () => import('./routes/my-items').then((m) => ({ Component: m.MyItemsPage })),
              },
              dashboardRoute,
            ],
          },
          {
            path: '*',
            hydrateFallbackElement: pageFallback,
            lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
    ],
  },
];
