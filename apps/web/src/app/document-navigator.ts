import { createPath, type Navigator, type To } from 'react-router-dom';

const href = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * Goes to `to` as a new document. With router state (the login page's `from`), the state is written where
 * react-router's browser history keeps it (history.state.usr) and the entry is loaded: a reload keeps
 * history.state, so the app's router starts with the state as if it had navigated there itself.
 */
function visit(to: To, state: unknown, replace: boolean) {
  const url = href(to);
  const { pathname, search, hash } = window.location;
  if (state == null) {
    // The page itself: nothing to load again, as the app's router would do.
    if (url === pathname + search + hash) window.scrollTo(0, 0);
    else if (replace) window.location.replace(url);
    else window.location.assign(url);
    return;
  }
  const entry = { usr: state, key: Math.random().toString(36).slice(2, 10), idx: 0 };
  if (replace) window.history.replaceState(entry, '', url);
  else window.history.pushState(entry, '', url);
  window.location.reload();
}

/**
 * The public pages' navigator (app/public-app.tsx): they carry no router and no route table, so every link and
 * navigate() of their components (the header, the cards' buttons, the comment form) loads the page it names as
 * a document, which the API serves: another drawn public page, or the app for any other path.
 */
export const documentNavigator: Navigator = {
  createHref: href,
  push: (to, state) => visit(to, state, false),
  replace: (to, state) => visit(to, state, true),
  go: (delta) => window.history.go(delta),
};
