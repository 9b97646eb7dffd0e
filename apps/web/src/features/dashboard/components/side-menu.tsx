import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import { paths } from '../../../config/paths';

const links = [
  { to: paths.dashboard.root, label: 'Overview' },
  { to: paths.dashboard.manageItems, label: 'Manage Items' },
  { to: paths.dashboard.quantity, label: 'Update Quantity' },
  { to: paths.dashboard.addItem, label: 'Add Books' },
  { to: paths.dashboard.scan, label: 'Scan' },
  { to: paths.dashboard.batch, label: 'Batch Receive/Deliver' },
  { to: paths.dashboard.locations, label: 'Locations' },
  { to: paths.dashboard.move, label: 'Move Stock' },
  { to: paths.dashboard.counts, label: 'Counts' },
  { to: paths.dashboard.import, label: 'Import Books' },
  { to: paths.dashboard.history, label: 'History' },
  { to: paths.dashboard.reorder, label: 'Reorder' },
  { to: paths.dashboard.purchaseOrders, label: 'Purchase Orders' },
  { to: paths.dashboard.receive, label: 'Receiving' },
  { to: paths.dashboard.suppliers, label: 'Suppliers' },
  { to: paths.dashboard.chart, label: 'Chart' },
  { to: paths.dashboard.user, label: 'Manage Users' },
  { to: paths.dashboard.team, label: 'Manage Team' },
  { to: paths.dashboard.help, label: 'Help Desk' },
];

/** The dashboard's side menu: always open from the md breakpoint, behind a toggle on phones. */
export function SideMenu() {
  const [open, setOpen] = useState(false);
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded-lg px-3 py-2 text-sm font-medium transition-colors ${isActive ? 'bg-amber-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`;
  return (
    <nav aria-label="Dashboard" className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 md:sticky md:top-24">
      <button
        type="button"
        className="flex w-full items-center justify-between rounded-lg px-3 py-2 text-sm font-semibold text-slate-800 md:hidden"
        aria-expanded={open}
        aria-controls="dashboard-menu"
        onClick={() => setOpen((v) => !v)}
      >
        Dashboard menu
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className={`size-5 transition-transform ${open ? 'rotate-180' : ''}`}
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
        >
          <path d="M6 9l6 6 6-6" />
        </svg>
      </button>
      <ul id="dashboard-menu" className={`${open ? 'flex' : 'hidden'} flex-col gap-1 pt-2 md:flex md:pt-0`}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.to === paths.dashboard.root} className={linkClass} onClick={() => setOpen(false)}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
