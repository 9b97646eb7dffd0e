import { useLocation } from 'react-router-dom';
import { pageTitle } from './page-titles';

/**
 * A page's one h1. The header's band already shows the page name taken from the path (page-titles.ts), so a
 * heading with the same words is there for the outline and screen readers only; one with other words (a
 * placeholder's text, the nested update form under 'Manage Items') stays on screen. Either way the page shows
 * its name once (docs/rules.md, Page titles).
 */
export function PageHeading({ id, children }: { id?: string; children: string }) {
  const { pathname } = useLocation();
  return (
    <h1 id={id} className={pageTitle(pathname) === children ? 'sr-only' : 'text-2xl font-bold'}>
      {children}
    </h1>
  );
}
