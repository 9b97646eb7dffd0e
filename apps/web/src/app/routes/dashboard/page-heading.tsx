// The dashboard's pages import the heading from beside them; it serves every page (app/layout/page-heading.tsx).
export { PageHeading } from '../../layout/page-heading';
