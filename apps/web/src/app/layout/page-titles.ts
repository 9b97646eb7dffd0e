import { matchPath } from 'react-router-dom';
import { messages } from '../../config/messages';
import { paths } from '../../config/paths';

/** The header's page name comes from this one table (docs/rules.md, Page titles). */
const titles: Record<string, string> = {
  [paths.home]: 'Home',
  [paths.homeAlias]: 'Home',
  [paths.allBooks]: 'All Books',
  [paths.myItems]: 'My Items',
  [paths.blog]: 'Blog',
  [paths.about]: 'About Us',
  [paths.login]: 'Login',
  [paths.register]: 'Register',
  [paths.dashboard.root]: 'Dashboard',
  [paths.dashboard.manageItems]: 'Manage Items',
  [paths.dashboard.quantity]: 'Update Quantity',
  [paths.dashboard.addItem]: 'Add Books',
  [paths.dashboard.scan]: 'Scan',
  [paths.dashboard.batch]: 'Batch Receive/Deliver',
  [paths.dashboard.history]: 'History',
  [paths.dashboard.locations]: 'Locations',
  [paths.dashboard.move]: 'Move Stock',
  [paths.dashboard.reorder]: 'Reorder',
  [paths.dashboard.suppliers]: 'Suppliers',
  [paths.dashboard.purchaseOrders]: 'Purchase Orders',
  [paths.dashboard.receive]: 'Receiving',
  [paths.dashboard.counts]: 'Counts',
  [paths.dashboard.countsReport]: 'Count report',
  [paths.dashboard.import]: messages.importTitle,
  [paths.dashboard.user]: 'Manage Users',
  [paths.dashboard.team]: 'Manage Team',
  [paths.dashboard.chart]: 'Chart',
  [paths.dashboard.help]: 'Help Desk',
};

/** The paths with a parameter, matched by their router pattern. */
const patterns: Array<[string, string]> = [
  [paths.dashboard.manageItemPattern, 'Update Book'],
  [paths.dashboard.searchPattern, 'Search'],
  [paths.dashboard.locationLabelsPattern, 'Location labels'],
  [paths.dashboard.locationPattern, 'Locations'],
  [paths.dashboard.purchaseOrderPattern, 'Purchase Order'],
  [paths.dashboard.countReviewPattern, 'Count review'],
  [paths.dashboard.countSheetPattern, 'Count sheet'],
  [paths.dashboard.countPattern, 'Count'],
];

/** Unknown paths fall back to the last path segment, capitalised. */
export function pageTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const exact = titles[path];
  if (exact) return exact;
  const matched = patterns.find(([pattern]) => matchPath(pattern, path));
  if (matched) return matched[1];
  const last = decodeURIComponent(path.split('/').filter(Boolean).pop() ?? '');
  return last ? last.charAt(0).toUpperCase() + last.slice(1) : 'Home';
}

/** The app's name, after the page's in every tab's title. */
const APP_NAME = 'Book Warehouse';

/** A browser tab's title: the page's name from the same table, then the app's ('Manage Items · Book Warehouse'). */
export const documentTitle = (pathname: string): string => `${pageTitle(pathname)} · ${APP_NAME}`;
