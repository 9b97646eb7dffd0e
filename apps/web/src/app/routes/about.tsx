import { contact, contactEmailHref, contactPhoneHref } from '../../config/contact';

const linkClass =
  'font-medium text-amber-700 underline underline-offset-2 hover:text-amber-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600';

// The spec's 'Working Together' page (docs/rules.md, About page); e-mail and phone come from the one contact config.
export function AboutPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="grid items-start gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <figure className="mx-auto w-full max-w-sm lg:sticky lg:top-24 lg:max-w-none">
          <img
            src="/images/portrait.svg"
            alt="Portrait of the photographer"
            width={480}
            height={600}
            className="h-auto w-full rounded-xl bg-slate-100 object-cover shadow-sm"
          />
        </figure>

        <div className="space-y-10 text-slate-700">
          <section aria-labelledby="working-together">
            <h1 id="working-together" className="text-3xl font-bold tracking-tight text-slate-800 sm:text-4xl">
              Working Together
            </h1>
            <div className="mt-4 space-y-4 leading-relaxed">
              <p>
                Every project starts with a conversation. I like to hear what you want the pictures to do before we talk about how they
                should look: who will see them, where they will appear and what the audience should feel. Whether you come to me directly or
                through an agency, I work as part of your team rather than as a supplier waiting for a brief.
              </p>
              <p>
                When an art director is involved, we agree early on who decides what, so that choices on the day are quick and nobody is
                surprised by the final selection. I share mood boards, test shots and contact sheets as we go, and I am always happy to be
                told that something is not quite right yet.
              </p>
            </div>
          </section>

          <section aria-labelledby="planning-your-shoot">
            <h2 id="planning-your-shoot" className="text-2xl font-bold tracking-tight text-slate-800">
              Planning Your Shoot
            </h2>
            <div className="mt-4 space-y-4 leading-relaxed">
              <p>
                Good photographs are mostly made before the camera comes out. Together we turn the brief into a shot list, choose locations
                or a studio, and settle the practical details: wardrobe, props, any permits, and a timetable that follows the best light
                rather than fighting it.
              </p>
              <p>
                A week or so before the shoot you receive a short plan with the schedule, the list of shots, who will be there and what to
                bring. It keeps everyone on the same page and leaves room on the day for the unplanned pictures that often turn out to be
                the best ones.
              </p>
            </div>
          </section>

          <section aria-labelledby="on-location">
            <h2 id="on-location" className="text-2xl font-bold tracking-tight text-slate-800">
              On Location
            </h2>
            <div className="mt-4 space-y-4 leading-relaxed">
              <p>
                On most jobs I work with a single assistant. A small crew moves quickly, sets up without fuss and keeps the atmosphere
                relaxed, which matters when the people in front of the camera are not professional models.
              </p>
              <p>
                Larger productions need more hands. For bigger sets, several set-ups in one day or demanding light, I bring in an extra
                lighting assistant or a second assistant, so that the next scene is ready while we are still shooting the current one and
                the day stays on schedule.
              </p>
            </div>
          </section>

          <p className="rounded-xl bg-white p-6 leading-relaxed shadow-sm ring-1 ring-slate-100">
            Let&apos;s discuss your new photography project: write to{' '}
            <a href={contactEmailHref} className={`${linkClass} break-all`}>
              {contact.email}
            </a>{' '}
            or call{' '}
            <a href={contactPhoneHref} className={`${linkClass} whitespace-nowrap`}>
              {contact.phone}
            </a>
            .
          </p>
        </div>
      </div>
    </div>
  );
}
