/**
 * Every URL of the app, in one place: the router's route patterns, links, navigations, the page-title table
 * and the tests all read them from here. The spellings ('quntity', 'allbook', 'manageitem') are the spec's.
 */
const dashboard = '/dashboard';
const manageItems = `${dashboard}/manageitem`;
const search = `${dashboard}/search`;

export const paths = {
  home: '/',
  homeAlias: '/home',
  allBooks: '/allbook',
  myItems: '/myitems',
  blog: '/blog',
  about: '/about',
  login: '/login',
  register: '/register',
  dashboard: {
    root: dashboard,
    manageItems,
    manageItem: (id: string) => `${manageItems}/${id}`,
    /** Manage Items with the newest books first and `id` highlighted: where the clerk lands after adding a book. */
    manageItemsShowing: (id: string) => `${manageItems}?sort=-createdAt&highlight=${encodeURIComponent(id)}`,
    /** The router's pattern of `manageItem(id)`; the page reads `itemid`. */
    manageItemPattern: `${manageItems}/:itemid`,
    quantity: `${dashboard}/quntity`,
    addItem: `${dashboard}/additem`,
    history: `${dashboard}/history`,
    import: `${dashboard}/import`,
    search: (text: string) => `${search}/${encodeURIComponent(text)}`,
    /** The router's pattern of `search(text)`; the page reads `text`, which may be missing. */
    searchPattern: `${search}/:text?`,
    user: `${dashboard}/user`,
    team: `${dashboard}/team`,
    chart: `${dashboard}/chart`,
    help: `${dashboard}/help`,
  },
} as const;
