import type { ReactNode } from 'react';

type Service = {
  title: string;
  description: string;
  icon: ReactNode;
};

const iconProps = {
  'aria-hidden': true,
  focusable: false,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.75,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  className: 'h-6 w-6',
} as const;

const services: readonly Service[] = [
  {
    title: 'Fast delivery',
    description:
      'Orders are picked, packed and handed to the carrier on the same working day. Bookshops and schools get their titles on the shelf while demand is still high.',
    icon: (
      <svg {...iconProps}>
        <path d="M3 6h11v9H3z" />
        <path d="M14 9h4l3 3v3h-7" />
        <circle cx="7" cy="17.5" r="1.75" />
        <circle cx="17" cy="17.5" r="1.75" />
      </svg>
    ),
  },
  {
    title: 'Stock tracking',
    description:
      'Every delivery and restock is logged the moment it happens, so you always know how many copies of each title are on hand and who moved them.',
    icon: (
      <svg {...iconProps}>
        <path d="M4 20V10" />
        <path d="M10 20V4" />
        <path d="M16 20v-7" />
        <path d="M22 20H2" />
      </svg>
    ),
  },
  {
    title: 'Secure storage',
    description:
      'Books are kept in a dry, climate-controlled building with monitored access. Covers and spines stay as crisp as the day they left the printer.',
    icon: (
      <svg {...iconProps}>
        <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z" />
        <path d="M9 12l2 2 4-4" />
      </svg>
    ),
  },
  {
    title: 'Support',
    description:
      'Our team answers questions about orders, stock and accounts six days a week. Reach us by e-mail or on the helpline whenever you need a hand.',
    icon: (
      <svg {...iconProps}>
        <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
        <path d="M4 14h3v5H5a1 1 0 0 1-1-1z" />
        <path d="M20 14h-3v5h2a1 1 0 0 0 1-1z" />
        <path d="M17 19c0 1.1-1.8 2-4 2" />
      </svg>
    ),
  },
];

export function ServicesSection() {
  return (
    <section aria-labelledby="services-heading" className="bg-slate-50 py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-amber-700">What we do</p>
          <h2 id="services-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-800 sm:text-4xl">
            Our services
          </h2>
          <p className="mt-3 text-slate-600">Everything a bookshop, library or publisher needs from a warehouse, under one roof.</p>
        </div>

        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {services.map((service) => (
            <li key={service.title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-100">
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-lg bg-amber-50 text-amber-600">
                {service.icon}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-800">{service.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{service.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
