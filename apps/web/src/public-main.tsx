import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { LANDING_DATA_ID, parseLandingData } from './app/landing-data';
import { PublicApp } from './app/public-app';
import { rememberDrawnIsbns } from './features/books/components/isbn-text';

/** The data the API drew the landing page with, for the same first render; none on the other public pages. */
function landingData() {
  const json = document.getElementById(LANDING_DATA_ID)?.textContent;
  try {
    return json ? parseLandingData(json) : undefined;
  } catch {
    return undefined; // The page's queries then ask the API, as on a page drawn at build time.
  }
}

/**
 * Hydrates the drawn public page (loaded by public-boot.ts) without the app's router and pages (main.tsx), on
 * Preact's React layer (vite.config.ts, `--mode public`). The hydration is a task of its own, after the one
 * that runs this module: two short tasks instead of one long one. Settles once the page's handlers are attached.
 */
export const hydrated = new Promise<void>((resolve) =>
  setTimeout(() => {
    const root = document.getElementById('root')!;
    rememberDrawnIsbns(root);
    hydrateRoot(
      root,
      <StrictMode>
        <PublicApp pathname={window.location.pathname} landing={landingData()} />
      </StrictMode>,
    );
    resolve();
  }),
);
