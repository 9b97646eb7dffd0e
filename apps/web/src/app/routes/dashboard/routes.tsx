import type { RouteObject } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';

/**
 * The dashboard subtree. Every page is loaded on demand (the router's `lazy`), so the public pages never
 * download dashboard, form or chart code; recharts comes only with the chart page.
 */
export const dashboardRoute: RouteObject = {
  path: paths.dashboard.root,
  hydrateFallbackElement: <Spinner label="Loading the dashboard" className="min-h-96" />,
  lazy: () => import('./layout').then((m) => ({ Component: m.DashboardLayout, ErrorBoundary: m.DashboardError })),
  children: [
    { index: true, lazy: () => import('./home').then((m) => ({ Component: m.DashboardHome })) },
    {
      path: 'manageitem',
      lazy: () => import('./manage-items').then((m) => ({ Component: m.ManageItemsPage })),
      children: [{ path: ':itemid', lazy: () => import('./update-item').then((m) => ({ Component: m.UpdateItemPage })) }],
    },
    { path: 'quntity', lazy: () => import('./quantity').then((m) => ({ Component: m.QuantityPage })) },
    { path: 'additem', lazy: () => import('./add-item').then((m) => ({ Component: m.AddItemPage })) },
    { path: 'history', lazy: () => import('./history').then((m) => ({ Component: m.HistoryPage })) },
    { path: 'search/:text?', lazy: () => import('./search').then((m) => ({ Component: m.SearchPage })) },
    { path: 'chart', lazy: () => import('./chart').then((m) => ({ Component: m.ChartPage })) },
    { path: 'user', lazy: () => import('./placeholders').then((m) => ({ Component: m.UserPage })) },
    { path: 'team', lazy: () => import('./placeholders').then((m) => ({ Component: m.TeamPage })) },
    { path: 'help', lazy: () => import('./placeholders').then((m) => ({ Component: m.HelpPage })) },
  ],
};
