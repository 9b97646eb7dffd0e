import type { RouteObject } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { RouteError } from '../../layout/route-error';

/**
 * The dashboard subtree. Every page is loaded on demand (the router's `lazy`), so the public pages never
 * download dashboard, form or chart code; recharts comes only with the chart page. Child paths are absolute,
 * straight from the one table in config/paths.ts.
 */
export const dashboardRoute: RouteObject = {
  path: paths.dashboard.root,
  hydrateFallbackElement: <Spinner label="Loading the dashboard" className="min-h-96" />,
  lazy: () => import('./layout').then((m) => ({ Component: m.DashboardLayout })),
  children: [
    {
      // A dashboard page that fails shows the error beside the side menu.
      ErrorBoundary: RouteError,
      children: [
        { index: true, lazy: () => import('./home').then((m) => ({ Component: m.DashboardHome })) },
        {
          path: paths.dashboard.manageItems,
          lazy: () => import('./manage-items').then((m) => ({ Component: m.ManageItemsPage })),
          children: [
            { path: paths.dashboard.manageItemPattern, lazy: () => import('./update-item').then((m) => ({ Component: m.UpdateItemPage })) },
          ],
        },
        { path: paths.dashboard.quantity, lazy: () => import('./quantity').then((m) => ({ Component: m.QuantityPage })) },
        { path: paths.dashboard.addItem, lazy: () => import('./add-item').then((m) => ({ Component: m.AddItemPage })) },
        { path: paths.dashboard.scan, lazy: () => import('./scan').then((m) => ({ Component: m.ScanPage })) },
        { path: paths.dashboard.batch, lazy: () => import('./batch').then((m) => ({ Component: m.BatchPage })) },
        {
          path: paths.dashboard.locations,
          lazy: () => import('./locations').then((m) => ({ Component: m.LocationsPage })),
          children: [
            { path: paths.dashboard.locationPattern, lazy: () => import('./locations').then((m) => ({ Component: m.LocationPage })) },
          ],
        },
        {
          path: paths.dashboard.locationLabelsPattern,
          lazy: () => import('./locations').then((m) => ({ Component: m.LocationLabelsPage })),
        },
        { path: paths.dashboard.move, lazy: () => import('./locations').then((m) => ({ Component: m.MovePage })) },
        { path: paths.dashboard.counts, lazy: () => import('./counts').then((m) => ({ Component: m.CountsPage })) },
        { path: paths.dashboard.countsReport, lazy: () => import('./counts').then((m) => ({ Component: m.CountsReportPage })) },
        { path: paths.dashboard.countPattern, lazy: () => import('./counts').then((m) => ({ Component: m.CountPage })) },
        { path: paths.dashboard.countReviewPattern, lazy: () => import('./counts').then((m) => ({ Component: m.CountReviewPage })) },
        { path: paths.dashboard.countSheetPattern, lazy: () => import('./counts').then((m) => ({ Component: m.CountSheetPage })) },
        { path: paths.dashboard.import, lazy: () => import('./import').then((m) => ({ Component: m.ImportPage })) },
        { path: paths.dashboard.history, lazy: () => import('./history').then((m) => ({ Component: m.HistoryPage })) },
        { path: paths.dashboard.reorder, lazy: () => import('./reorder').then((m) => ({ Component: m.ReorderPage })) },
        { path: paths.dashboard.suppliers, lazy: () => import('./purchasing').then((m) => ({ Component: m.SuppliersPage })) },
        { path: paths.dashboard.purchaseOrders, lazy: () => import('./purchasing').then((m) => ({ Component: m.PurchaseOrdersPage })) },
        {
          path: paths.dashboard.purchaseOrderPattern,
          lazy: () => import('./purchasing').then((m) => ({ Component: m.PurchaseOrderPage })),
        },
        { path: paths.dashboard.receive, lazy: () => import('./purchasing').then((m) => ({ Component: m.ReceivingPage })) },
        { path: paths.dashboard.searchPattern, lazy: () => import('./search').then((m) => ({ Component: m.SearchPage })) },
        { path: paths.dashboard.chart, lazy: () => import('./chart').then((m) => ({ Component: m.ChartPage })) },
        { path: paths.dashboard.user, lazy: () => import('./placeholders').then((m) => ({ Component: m.UserPage })) },
        { path: paths.dashboard.team, lazy: () => import('./team').then((m) => ({ Component: m.TeamPage })) },
        { path: paths.dashboard.help, lazy: () => import('./placeholders').then((m) => ({ Component: m.HelpPage })) },
      ],
    },
  ],
};
