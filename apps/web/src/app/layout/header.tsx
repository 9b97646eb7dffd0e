import { useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { notify } from '../../components/ui/notify';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { pageTitle } from './page-titles';
import { useScrolledPast } from './use-scrolled-past';

/** Spec section 9: the header style changes after 100px of scroll, the nav link colour after 120px. */
export const HEADER_SCROLL_PX = 100;
export const NAV_COLOUR_SCROLL_PX = 120;

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
  const [open, setOpen] = useState(false);
  const compact = useScrolledPast(HEADER_SCROLL_PX);
  const recoloured = useScrolledPast(NAV_COLOUR_SCROLL_PX);
  const isHome = pathname === paths.home || pathname === paths.homeAlias;

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded-md px-3 py-2 text-sm font-medium transition-colors ${
      isActive ? 'bg-white/10 text-white' : recoloured ? 'text-amber-200 hover:text-white' : 'text-slate-200 hover:text-white'
    }`;

  const onLogout = async () => {
    setOpen(false);
    // Home first: signing out on a protected page would otherwise send its guard to /login.
    navigate(paths.home);
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
        data-scrolled={compact || undefined}
        className={`sticky top-0 z-40 transition-all duration-200 ${compact ? 'bg-slate-950/95 py-1 shadow-lg backdrop-blur' : 'bg-slate-900 py-3'}`}
      >
        <nav aria-label="Main" className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4">
          <Link to={paths.home} className="flex items-center gap-2 text-lg font-bold text-white">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            Book Warehouse
          </Link>
          <button
            type="button"
            className="rounded-md p-2 text-slate-200 md:hidden"
            aria-expanded={open}
            aria-controls="main-menu"
            onClick={() => setOpen((v) => !v)}
          >
            <span className="sr-only">Menu</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth={2}>
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          <ul id="main-menu" className={`${open ? 'flex' : 'hidden'} w-full flex-col gap-1 pb-2 md:flex md:w-auto md:flex-row md:pb-0`}>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === paths.home} className={linkClass} onClick={() => setOpen(false)}>
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
                <NavLink to={paths.login} className={linkClass} onClick={() => setOpen(false)}>
                  Login
                </NavLink>
              )}
            </li>
          </ul>
        </nav>
      </header>
      <div className="bg-gradient-to-r from-slate-800 to-slate-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-8">
          {isHome ? (
            <>
              <h1 className="text-3xl font-bold sm:text-4xl">Welcome to book Warehouse</h1>
              <p className="mt-2 text-lg text-amber-200">Manage books stock easily &amp; shine your life.</p>
            </>
          ) : (
            <p className="text-2xl font-bold sm:text-3xl">{pageTitle(pathname)}</p>
          )}
        </div>
      </div>
    </>
  );
}
