import { Outlet } from 'react-router-dom';
import { DashboardSearch } from '../../../features/dashboard/components/dashboard-search';
import { SideMenu } from '../../../features/dashboard/components/side-menu';

export function DashboardLayout() {
  return (
    <div className="grid gap-6 md:grid-cols-[13rem_minmax(0,1fr)] print:block">
      <aside className="print:hidden">
        <SideMenu />
      </aside>
      <div className="flex min-w-0 flex-col gap-6">
        <div className="print:hidden">
          <DashboardSearch />
        </div>
        <Outlet />
      </div>
    </div>
  );
}
