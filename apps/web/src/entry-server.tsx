import { hyphenatedIsbn } from '@book-warehouse/types/isbn-hyphens';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { landingDataScript, parseLandingData } from './app/landing-data';
import { documentTitle } from './app/layout/page-titles';
import { PublicApp } from './app/public-app';
import { hyphenateIsbnsAtOnce } from './features/books/components/isbn-text';

export { publicPaths } from './config/paths';
export { landingPaths } from './app/public-app';

// A visitor reads ISBNs hyphenated from the first paint, as a signed-in clerk does; the browser keeps the drawn form.
hyphenateIsbnsAtOnce(hyphenatedIsbn);

const ROOT_DIV = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;

/**
 * A public page's root element, as a signed-out visitor first sees it, with `landingJson` (LandingData as JSON,
 * for the landingPaths) drawn with its books and comments and followed by that data for the browser, else with
 * their skeletons. public-main.tsx hydrates it with the same tree and data.
 */
function drawRoot(pathname: string, landingJson?: string): string {
  const landing = landingJson === undefined ? undefined : parseLandingData(landingJson);
  const html = renderToString(
    <StrictMode>
      <PublicApp pathname={pathname} landing={landing} />
    </StrictMode>,
  );
  return `<div id="root">${html}</div>${landingJson === undefined ? '' : landingDataScript(landingJson)}`;
}

/**
 * A public page's whole document (scripts/prerender.mjs at build time, the API per request): the public pages'
 * `shell` with the page's tab title (the header's table, as the app sets it) and its root element drawn in, so
 * the served HTML names the page before any script runs.
 */
export function drawPage(shell: string, pathname: string, landingJson?: string): string {
  if (!shell.includes(ROOT_DIV) || !TITLE.test(shell)) throw new Error(`the shell has no ${ROOT_DIV} or no <title>`);
  return shell.replace(TITLE, () => `<title>${documentTitle(pathname)}</title>`).replace(ROOT_DIV, () => drawRoot(pathname, landingJson));
}
