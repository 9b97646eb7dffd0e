import { contact, contactEmailHref, contactPhoneHref } from '../../config/contact';

export function Footer() {
  return (
    <footer data-dark-surface className="mt-auto border-t border-slate-200 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <section aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="text-lg font-semibold text-white">
            Book <span className="text-amber-500">Warehouse</span>
          </h2>
          <p className="mt-2 text-sm leading-relaxed text-slate-400">Manage books stock easily &amp; shine your life.</p>
        </section>

        <section aria-labelledby="footer-address">
          <h2 id="footer-address" className="text-sm font-semibold uppercase tracking-wide text-white">
            Address
          </h2>
          <address className="mt-2 text-sm not-italic leading-relaxed">{contact.address}</address>
        </section>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-sm font-semibold uppercase tracking-wide text-white">
            Contact
          </h2>
          <dl className="mt-2 space-y-2 text-sm">
            <div>
              <dt className="text-slate-400">Official e-mail</dt>
              <dd>
                <a
                  href={contactEmailHref}
                  className="break-all text-amber-400 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500"
                >
                  {contact.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-slate-400">Helpline</dt>
              <dd>
                <a
                  href={contactPhoneHref}
                  className="text-amber-400 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500"
                >
                  {contact.phone}
                </a>
              </dd>
            </div>
          </dl>
        </section>

        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours" className="text-sm font-semibold uppercase tracking-wide text-white">
            Opening hours
          </h2>
          <p className="mt-2 text-sm">{contact.hours}</p>
        </section>
      </div>

      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-4 text-center text-xs text-slate-400 sm:px-6 lg:px-8">
          © 2022 {contact.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
