import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { notify } from '../../components/ui/notify';
import { paths, publicPaths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { documentTitle, pageTitle } from './page-titles';
import { useScrolledPast } from './use-scrolled-past';

/** Spec section 9: the header style changes after 100px of scroll, the nav link colour after 120px. */
const HEADER_SCROLL_PX = 100;
const NAV_COLOUR_SCROLL_PX = 120;

const links = [
  { to: paths.home, label: 'Home' },
  { to: paths.myItems, label: 'My Items' },
  { to: paths.blog, label: 'Blog' },
  { to: paths.about, label: 'About Us' },
  { to: paths.dashboard.root, label: 'Dashboard' },
];

export function Header() {
  const { pathname } = useLocation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const compact = useScrolledPast(HEADER_SCROLL_PX);
  const recoloured = useScrolledPast(NAV_COLOUR_SCROLL_PX);
  const isHome = pathname === paths.home || pathname === paths.homeAlias;
  const title = pageTitle(pathname);
  // The tab says where the clerk is too; a public page's document comes with its title already (entry-server.tsx).
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded-md px-3 py-2 text-sm font-medium transition-colors ${
      isActive ? 'bg-white/10 text-white' : recoloured ? 'text-amber-200 hover:text-white' : 'text-slate-200 hover:text-white'
    }`;

  // The menu is a disclosure: navigation and Escape close it, and focus goes back to its button.
  function closeMenu() {
    setOpen(false);
    menuButton.current?.focus();
  }
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const onLogout = async () => {
    setOpen(false);
    // Changes made offline belong to this account: signing out with some not yet sent asks first (docs/offline.md).
    // Loaded on demand: the public pages' first download stays without the queue.
    const { pendingCount } = await import('../../lib/offline/offline-queue');
    const pending = pendingCount();
    if (
      pending > 0 &&
      !(await confirm(`Sign out with ${pending} ${pending === 1 ? 'change' : 'changes'} not sent?`, {
        confirmLabel: 'Sign out',
        detail: 'They stay on this device and are sent when you sign in again here.',
      }))
    )
      return;
    // Home first: signing out on a protected page would otherwise send its guard to /login. A public page stays:
    // it is a document of its own (app/public-app.tsx), and leaving it would cut the sign-out short.
    if (!publicPaths.includes(pathname)) void navigate(paths.home);
    try {
      // Loaded on demand, like Firebase itself (lib/lazy-auth.ts); a signed-in user already has it.
      const { signOut } = await import('../../features/auth/api/sign-out');
      await signOut();
    } catch (error) {
      notify.error((error as Error).message);
    }
  };

  return (
    <>
      <header
        data-dark-surface
        data-scrolled={compact || undefined}
        // Only colours and shadow change: a change of height would move a page resting near 100 px across the line again.
        className={`sticky top-0 z-40 py-3 transition-colors duration-200 ${compact ? 'bg-slate-950/95 shadow-lg backdrop-blur' : 'bg-slate-900'}`}
      >
        <nav aria-label="Main" className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4">
          <Link to={paths.home} className="flex items-center gap-2 text-lg font-bold text-white">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            Book Warehouse
          </Link>
          <button
            ref={menuButton}
            type="button"
            className="rounded-md p-2 text-slate-200 md:hidden"
            aria-expanded={open}
            aria-controls="main-menu"
            onClick={() => setOpen((v) => !v)}
          >
            <span className="sr-only">Menu</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth={2}>
              <path d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 6h16M4 12h16M4 18h16'} />
            </svg>
          </button>
          <ul id="main-menu" className={`${open ? 'flex' : 'hidden'} w-full flex-col gap-1 pb-2 md:flex md:w-auto md:flex-row md:pb-0`}>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === paths.home} className={linkClass} onClick={open ? closeMenu : undefined}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              {user ? (
                <button type="button" onClick={onLogout} className={linkClass({ isActive: false })}>
                  Logout
                </button>
              ) : (
                <NavLink to={paths.login} className={linkClass} onClick={open ? closeMenu : undefined}>
                  Login
                </NavLink>
              )}
            </li>
          </ul>
        </nav>
      </header>
      {/* A landmark of its own, so no content sits outside one; named apart from the page's own section. */}
      <section data-dark-surface aria-label="Where you are" className="bg-gradient-to-r from-slate-800 to-slate-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-8">
          <p className="text-2xl font-bold sm:text-3xl">{title}</p>
          {isHome && (
            <>
              <h1 className="mt-2 text-3xl font-bold sm:text-4xl">Welcome to book Warehouse</h1>
              <p className="mt-2 text-lg text-amber-200">Manage books stock easily &amp; shine your life.</p>
            </>
          )}
        </div>
      </section>
    </>
  );
}
