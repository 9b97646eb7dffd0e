import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import './index.css';

const container = document.getElementById('root')!;

/**
 * The public pages arrive drawn (scripts/prerender.mjs): their lazy route is loaded before hydrating, so the
 * first client render matches the HTML instead of showing the route's fallback.
 */
async function loadMatchedLazyRoutes() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      // app/router.tsx gives its lazy routes a function that loads the whole route.
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

function start() {
  const drawn = container.hasChildNodes();
  // Hydration data (empty: these routes load nothing) tells the router the page is already drawn, so it
  // leaves the scroll where the visitor has taken it instead of returning to the top.
  const router = createBrowserRouter(routes, drawn ? { hydrationData: { loaderData: {} } } : undefined);
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // As a transition the hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: the drawn page stays responsive to taps and scrolling meanwhile.
  if (drawn) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

// Should the page's chunk fail to load, the router tries again and shows its error page.
if (container.hasChildNodes()) void loadMatchedLazyRoutes().finally(start);
else start();
