import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { PublicApp } from './app/public-app';
import './index.css';

/**
 * The public pages' entry (public.html, written into dist/pages/*.html by scripts/prerender.mjs): it hydrates
 * the drawn page only, without the app's router and pages (main.tsx), on Preact's React layer (vite.config.ts,
 * `--mode public`), so a visitor downloads and runs a fraction of the app.
 */
hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <PublicApp pathname={window.location.pathname} />
  </StrictMode>,
);
