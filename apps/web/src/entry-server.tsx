import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { routes } from './app/router';

/**
 * The HTML of a public page as a signed-out visitor first sees it (books and reviews still loading), drawn at
 * build time by scripts/prerender.mjs so that the first paint needs no script; main.tsx hydrates it with the
 * same tree. The router's state is not embedded (the API's CSP allows no inline script): these routes have
 * no loaders, and main.tsx loads the page's lazy route before hydrating.
 */
export async function render(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${pathname} answers with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}
