import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { Footer } from '../../components/layout/footer';
import { Button, buttonClass } from '../../components/ui/button';
import { paths } from '../../config/paths';

/** What went wrong, in the words the error carries (a stale chunk after a deploy names the missing file). */
function detail(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  return error instanceof Error ? error.message : undefined;
}

/**
 * A page that failed to load or render, said in plain words with a reload and a way home. The router puts it
 * around every page, inside the header and footer, and around the dashboard's pages, beside the side menu.
 */
export function RouteError() {
  const reason = detail(useRouteError());
  return (
    <section role="alert" className="flex flex-col items-start gap-3 rounded-xl bg-red-50 p-6 text-red-800 ring-1 ring-red-200">
      <h1 className="text-xl font-bold">This page could not be shown</h1>
      <p>Something went wrong while showing this page. Reloading it usually helps; if it does not, start again from the home page.</p>
      {reason && <p className="text-sm break-words">Details: {reason}</p>}
      <div className="flex flex-wrap gap-3 pt-1">
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
        <Link to={paths.home} className={buttonClass('secondary')}>
          Back to home
        </Link>
      </div>
    </section>
  );
}

/** The layout itself failed (its header, say): the same message on a page of its own, with the footer. */
export function RootError() {
  return (
    <div className="flex min-h-screen flex-col">
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-10">
        <RouteError />
      </main>
      <Footer />
    </div>
  );
}
