import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { registerServiceWorker } from './lib/offline/service-worker';
import './index.css';

/**
 * The app's entry (index.html): every path but the public pages, which the API serves drawn with their own
 * entry (public-main.tsx). Once here, the router draws every page, the public ones included, in the browser.
 */
registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createBrowserRouter(routes)} />
    </AppProviders>
  </StrictMode>,
);
