/**
 * Every URL of the app, in one place: the router's route patterns, links, navigations, the page-title table
 * and the tests all read them from here. The spellings ('quntity', 'allbook', 'manageitem') are the spec's.
 */
const dashboard = '/dashboard';
const manageItems = `${dashboard}/manageitem`;
const search = `${dashboard}/search`;
const locations = `${dashboard}/locations`;
const purchaseOrders = `${dashboard}/purchase-orders`;
const counts = `${dashboard}/counts`;

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
    /** The add form with an ISBN filled in (an unknown scanned book); the page reads `isbn`. */
    addItemWithIsbn: (isbn: string) => `${dashboard}/additem?isbn=${encodeURIComponent(isbn)}`,
    scan: `${dashboard}/scan`,
    /** Batch receiving and delivering: a running list of scanned books, committed at once. */
    batch: `${dashboard}/batch`,
    /** Batch receiving with every line put at one location. */
    batchInto: (locationId: string) => `${dashboard}/batch?location=${encodeURIComponent(locationId)}`,
    history: `${dashboard}/history`,
    /** The location tree; a location's page (what it holds, its actions) opens beside it. */
    locations,
    location: (id: string) => `${locations}/${id}`,
    /** The router's pattern of `location(id)`; the page reads `locationId`. */
    locationPattern: `${locations}/:locationId`,
    /** Printable labels of a location and, with `subtree`, every location beneath it. */
    locationLabels: (id: string, subtree = false) => `${locations}/${id}/labels${subtree ? '?subtree=1' : ''}`,
    /** The router's pattern of `locationLabels(id)`; the page reads `locationId`. */
    locationLabelsPattern: `${locations}/:locationId/labels`,
    /** The move screen: scan a source location, books, a destination; `from` starts it at a location. */
    move: `${dashboard}/move`,
    moveFrom: (id: string) => `${dashboard}/move?from=${encodeURIComponent(id)}`,
    /** Count sessions (counting against the shelf): the list, the due cycles, a new session. */
    counts,
    /** Record accuracy and variances of the applied sessions, over time. */
    countsReport: `${counts}/report`,
    /** A session's count screen (scan a location, then books; a recount in review with `recount`). */
    count: (id: string, recount = false) => `${counts}/${id}${recount ? '?recount=1' : ''}`,
    /** The router's pattern of `count(id)`; the pages read `countId`. */
    countPattern: `${counts}/:countId`,
    countReview: (id: string) => `${counts}/${id}/review`,
    countReviewPattern: `${counts}/:countId/review`,
    /** The printable count sheet of a session. */
    countSheet: (id: string) => `${counts}/${id}/sheet`,
    countSheetPattern: `${counts}/:countId/sheet`,
    /** The low books by shortage, printable. */
    reorder: `${dashboard}/reorder`,
    /** Suppliers: who the books are bought from. */
    suppliers: `${dashboard}/suppliers`,
    /** The purchase orders; an order's page opens on its own. */
    purchaseOrders,
    purchaseOrder: (id: string) => `${purchaseOrders}/${id}`,
    /** The router's pattern of `purchaseOrder(id)`; the page reads `orderId`. */
    purchaseOrderPattern: `${purchaseOrders}/:orderId`,
    /** Receiving a delivery against an open order; `order` starts it on that order. */
    receive: `${dashboard}/receive`,
    receiveOrder: (id: string) => `${dashboard}/receive?order=${encodeURIComponent(id)}`,
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

/**
 * The public pages: drawn at build time and served as documents of their own, which load the small public
 * entry (src/public-main.tsx) instead of the app (docs/decisions/016-landing-prerender.md).
 */
export const publicPaths: readonly string[] = [paths.home, paths.homeAlias, paths.blog, paths.about];
