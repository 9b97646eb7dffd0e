import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { landingDataScript, parseLandingData } from './app/landing-data';
import { PublicApp } from './app/public-app';

export { publicPaths } from './config/paths';
export { landingPaths } from './app/public-app';

/**
 * A public page's root element, drawn into the shell's empty one (scripts/prerender.mjs at build time, the API
 * per request): as a signed-out visitor first sees it, with `landingJson` (LandingData as JSON, for the
 * landingPaths) drawn with its books and comments and followed by that data for the browser, else with their
 * skeletons. public-main.tsx hydrates it with the same tree and data.
 */
export function drawRoot(pathname: string, landingJson?: string): string {
  const landing = landingJson === undefined ? undefined : parseLandingData(landingJson);
  const html = renderToString(
    <StrictMode>
      <PublicApp pathname={pathname} landing={landing} />
    </StrictMode>,
  );
  return `<div id="root">${html}</div>${landingJson === undefined ? '' : landingDataScript(landingJson)}`;
}
