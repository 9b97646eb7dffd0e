import type { ComponentType } from 'react';
import { Router } from 'react-router-dom';
import { paths } from '../config/paths';
import { documentNavigator } from './document-navigator';
import { PageFrame } from './layout/root-layout';
import { AppProviders } from './providers';
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

/**
 * A public page as its own document (docs/decisions/016-landing-prerender.md): drawn at build time by
 * entry-server.tsx and hydrated by public-main.tsx with the same tree. No data router and no route table:
 * react-router's plain <Router> gives the header's links and the buttons' navigate() their location, and the
 * document navigator loads whatever they lead to from the API.
 */
export function PublicApp({ pathname }: { pathname: string }) {
  const Page = pages[pathname];
  if (!Page) throw new Error(`${pathname} is not a public page`);
  return (
    <Router location={pathname} navigator={documentNavigator}>
      <AppProviders>
        <PageFrame>
          <Page />
        </PageFrame>
      </AppProviders>
    </Router>
  );
}
