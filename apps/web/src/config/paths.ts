/** Every URL of the app, in one place. */
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
    root: '/dashboard',
    manageItems: '/dashboard/manageitem',
    manageItem: (id: string) => `/dashboard/manageitem/${id}`,
    quantity: '/dashboard/quntity',
    addItem: '/dashboard/additem',
    history: '/dashboard/history',
    search: (text: string) => `/dashboard/search/${encodeURIComponent(text)}`,
    user: '/dashboard/user',
    team: '/dashboard/team',
    chart: '/dashboard/chart',
    help: '/dashboard/help',
  },
} as const;
