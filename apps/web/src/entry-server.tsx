import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { PublicApp } from './app/public-app';

export { publicPaths } from './config/paths';

/**
 * The HTML of a public page as a signed-out visitor first sees it (books and reviews still loading), drawn at
 * build time by scripts/prerender.mjs so that the first paint needs no script; public-main.tsx hydrates it with
 * the same tree (app/public-app.tsx).
 */
export function render(pathname: string): string {
  return renderToString(
    <StrictMode>
      <PublicApp pathname={pathname} />
    </StrictMode>,
  );
}
