import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { PublicApp } from './app/public-app';
import './index.css';

/**
 * The public pages' entry (public.html, written into dist/pages/*.html by scripts/prerender.mjs): it hydrates
 * the drawn page only, without the app's router and pages (main.tsx), on Preact's React layer (vite.config.ts,
 * `--mode public`), so a visitor downloads and runs a fraction of the app. The hydration is a task of its own,
 * after the one that runs this module: two short tasks instead of one long one (Lighthouse counts every task
 * over 50 ms, at its 4x slowdown, as blocking).
 */
setTimeout(() =>
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <PublicApp pathname={window.location.pathname} />
    </StrictMode>,
  ),
);
