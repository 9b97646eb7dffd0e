import type { LandingData } from '@book-warehouse/types/landing';
import { useState, type ComponentType } from 'react';
import { Router } from 'react-router-dom';
import { paths } from '../config/paths';
import { documentNavigator } from './document-navigator';
import { seedLandingData } from './landing-data';
import { PageFrame } from './layout/root-layout';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { AboutPage } from './routes/about';
import { BlogPage } from './routes/blog';
import { HomePage } from './routes/home';

/** The public pages (config/paths.ts, publicPaths) and what each draws. */
const pages: Record<string, ComponentType> = {
  [paths.home]: HomePage,
  [paths.homeAlias]: HomePage,
  [paths.blog]: BlogPage,
  [paths.about]: AboutPage,
};

/** The public pages that show the landing's books and comments (LandingData), which the API draws per request. */
export const landingPaths = [paths.home, paths.homeAlias];

/**
 * A public page as its own document (docs/decisions/016-landing-prerender.md): drawn by entry-server.tsx (at
 * build time, and by the API per request with `landing`, the data it shows) and hydrated by public-main.tsx with
 * the same tree and data. No data router and no route table: react-router's plain <Router> gives the header's
 * links and the buttons' navigate() their location, and the document navigator loads whatever they lead to
 * from the API.
 */
export function PublicApp({ pathname, landing }: { pathname: string; landing?: LandingData | undefined }) {
  const Page = pages[pathname];
  if (!Page) throw new Error(`${pathname} is not a public page`);
  const [client] = useState(() => {
    const created = createQueryClient();
    if (landing) seedLandingData(created, landing);
    return created;
  });
  return (
    <Router location={pathname} navigator={documentNavigator}>
      <AppProviders client={client}>
        <PageFrame>
          <Page />
        </PageFrame>
      </AppProviders>
    </Router>
  );
}
