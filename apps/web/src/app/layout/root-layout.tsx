import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Footer } from '../../components/layout/footer';
import { Spinner } from '../../components/ui/spinner';
import { Header } from './header';

export function RootLayout() {
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
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <div className="contents print:hidden">
        <Footer />
      </div>
      <ScrollRestoration />
    </div>
  );
}
