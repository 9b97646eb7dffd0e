import { Suspense, type ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Footer } from '../../components/layout/footer';
import { Spinner } from '../../components/ui/spinner';
import { Header } from './header';

/** Every page's frame: the skip link, the header, the page itself and the footer (the app's and the public pages'). */
export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {/* Printed pages (the Reorder list) are the page's content only; `contents` keeps the header sticky on screen. */}
      <div className="contents print:hidden">
        <Header />
      </div>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-10">
        {children}
      </main>
      <div className="contents print:hidden">
        <Footer />
      </div>
    </div>
  );
}

/** The app's layout route: the page the router matched, loaded on demand, inside the frame. */
export function RootLayout() {
  return (
    <>
      <PageFrame>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </PageFrame>
      <ScrollRestoration />
    </>
  );
}
