import { Outlet, useRouteError } from 'react-router-dom';
import { DashboardSearch } from '../../../features/dashboard/components/dashboard-search';
import { SideMenu } from '../../../features/dashboard/components/side-menu';

export function DashboardLayout() {
  return (
    <div className="grid gap-6 md:grid-cols-[13rem_minmax(0,1fr)]">
      <aside>
        <SideMenu />
      </aside>
      <div className="flex min-w-0 flex-col gap-6">
        <DashboardSearch />
        <Outlet />
      </div>
    </div>
  );
}

/** A dashboard page that failed to load or render (for example a stale chunk after a deploy). */
export function DashboardError() {
  const error = useRouteError();
  return (
    <div role="alert" className="rounded-xl bg-red-50 p-6 text-red-800 ring-1 ring-red-200">
      <h1 className="text-xl font-bold">This page could not be shown</h1>
      <p className="mt-2">{error instanceof Error ? error.message : 'Something went wrong.'} Reload the page to try again.</p>
    </div>
  );
}
