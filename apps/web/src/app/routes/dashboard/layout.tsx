import { Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { DashboardSearch } from '../../../features/dashboard/components/dashboard-search';
import { SideMenu } from '../../../features/dashboard/components/side-menu';
import { useOpenIfLocationCode } from '../../../features/locations/api/use-open-location-code';
import { OfflineStatus } from '../../../features/offline/components/offline-status';

/** Pages with a box of their own for finding books: a second box above it would do something else, unseen. */
const OWN_BOX = [paths.dashboard.manageItems, paths.dashboard.quantity];

export function DashboardLayout() {
  const { pathname } = useLocation();
  const ownBox = OWN_BOX.some((path) => pathname === path || pathname.startsWith(`${path}/`));
  const openIfLocation = useOpenIfLocationCode();
  return (
    <div className="grid gap-6 md:grid-cols-[13rem_minmax(0,1fr)] print:block">
      <aside className="print:hidden">
        <SideMenu />
      </aside>
      <div className="flex min-w-0 flex-col gap-6">
        <OfflineStatus />
        {!ownBox && (
          <div className="print:hidden">
            {/* A location's label scanned into the box opens the location. */}
            <DashboardSearch openCode={openIfLocation} />
          </div>
        )}
        <Outlet />
      </div>
    </div>
  );
}
