import type { CountDetail } from '@book-warehouse/types';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { QueryState } from '../../../components/ui/query-state';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { bookByIsbnQueryOptions } from '../../../features/books/api/find-book-by-isbn';
import { useCategories } from '../../../features/books/api/get-categories';
import { useCount } from '../../../features/counts/api/get-count';
import { CountList } from '../../../features/counts/components/count-list';
import { CountsReport, SessionReport } from '../../../features/counts/components/count-report';
import { CountScreen } from '../../../features/counts/components/count-screen';
import { CountSheet } from '../../../features/counts/components/count-sheet';
import { CycleSettings } from '../../../features/counts/components/cycle-settings';
import { DueForCount } from '../../../features/counts/components/due-for-count';
import { NewCountForm } from '../../../features/counts/components/new-count-form';
import { ReviewScreen } from '../../../features/counts/components/review-screen';
import { countName, scopeText, stateLabels, toleranceText } from '../../../features/counts/format';
import { useFindLocation } from '../../../features/locations/api/find-location-by-code';
import { useLocations } from '../../../features/locations/api/get-locations';
import { usePermissions } from '../../../lib/account';
import { PageHeading } from './page-heading';

const linkClass = 'font-medium text-amber-800 underline';

/** The locations (for scopes and cycles) and the categories in use, which the count forms choose from. */
function usePickLists() {
  const locations = useLocations();
  const categories = useCategories();
  const placeName = (id: string) => locations.data?.find((l) => l._id === id)?.code;
  return { locations: locations.data ?? [], categories: categories.data?.map((c) => c.category) ?? [], placeName };
}

/** The sessions, what is due for count, a new session (staff) and the count cycles (admins). */
export function CountsPage() {
  const { canChangeStock, isAdmin } = usePermissions();
  const { locations, categories, placeName } = usePickLists();
  const queryClient = useQueryClient();
  const findBook = useCallback((isbn: string) => queryClient.fetchQuery(bookByIsbnQueryOptions(isbn)), [queryClient]);
  return (
    <section aria-labelledby="counts-heading" className="flex min-w-0 flex-col gap-6">
      <PageHeading id="counts-heading">Counts</PageHeading>
      <p className="text-sm text-slate-700">
        Count a shelf against the records: scan its label, then every book. Review the differences, give each a reason, and apply.{' '}
        <Link to={paths.dashboard.countsReport} className={linkClass}>
          Record accuracy and variances
        </Link>
      </p>
      <DueForCount canCount={canChangeStock} />
      <section aria-labelledby="sessions-heading" className="flex min-w-0 flex-col gap-3">
        <h2 id="sessions-heading" className="text-lg font-semibold">
          Sessions
        </h2>
        <CountList placeName={placeName} />
      </section>
      {canChangeStock && <NewCountForm locations={locations} categories={categories} findBook={findBook} />}
      {isAdmin && <CycleSettings locations={locations} categories={categories} />}
    </section>
  );
}

/** A session's head: its name, state, scope and tolerance, with the ways to its other screens. */
function SessionHead({ countId, children }: { countId: string; children: (count: CountDetail) => ReactNode }) {
  const count = useCount(countId);
  const { placeName } = usePickLists();
  return (
    <QueryState
      query={count}
      loading="Loading the count"
      errorAction={
        <Link to={paths.dashboard.counts} className={linkClass}>
          All counts
        </Link>
      }
    >
      {(detail) => (
        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1 print:hidden">
            <h2 className="text-xl font-bold">{countName(detail)}</h2>
            <span className="rounded bg-slate-100 px-2 py-0.5 text-sm font-semibold text-slate-800">{stateLabels[detail.state]}</span>
            {detail.blind && <span className="rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">Blind</span>}
            <span className="text-sm text-slate-700">
              {scopeText(detail, placeName)} · {toleranceText(detail.tolerance)} · {detail.countedLineCount} of {detail.lineCount} lines
              counted
            </span>
          </div>
          {detail.note && <p className="text-sm text-slate-700 print:hidden">{detail.note}</p>}
          <nav aria-label="This count" className="flex flex-wrap gap-4 text-sm print:hidden">
            <Link to={paths.dashboard.count(detail._id)} className={linkClass}>
              Count screen
            </Link>
            <Link to={paths.dashboard.countReview(detail._id)} className={linkClass}>
              Review
            </Link>
            <Link to={paths.dashboard.countSheet(detail._id)} className={linkClass}>
              Count sheet
            </Link>
            <Link to={paths.dashboard.counts} className={linkClass}>
              All counts
            </Link>
          </nav>
          {children(detail)}
        </div>
      )}
    </QueryState>
  );
}

/** The count screen: scan a location, then books; `?recount=1` recounts the lines beyond tolerance in review. */
export function CountPage() {
  const { countId = '' } = useParams();
  const [search] = useSearchParams();
  const { canChangeStock, role } = usePermissions();
  const findPlace = useFindLocation();
  return (
    <section aria-labelledby="count-heading" className="flex min-w-0 flex-col gap-4">
      <PageHeading id="count-heading">Count</PageHeading>
      <SessionHead countId={countId}>
        {(count) =>
          role === undefined ? (
            <Spinner label="Loading your account" className="min-h-32" />
          ) : (
            <CountScreen count={count} recount={search.get('recount') === '1'} canCount={canChangeStock} findPlace={findPlace} />
          )
        }
      </SessionHead>
    </section>
  );
}

/** The review: lines with expected, counted and variance, decisions and reasons, recounts, apply and cancel. */
export function CountReviewPage() {
  const { countId = '' } = useParams();
  const { canChangeStock, isAdmin } = usePermissions();
  return (
    <section aria-labelledby="review-heading" className="flex min-w-0 flex-col gap-4">
      <PageHeading id="review-heading">Count review</PageHeading>
      <SessionHead countId={countId}>
        {(count) => (
          <>
            {count.state === 'applied' && (
              <section aria-labelledby="session-report-heading" className="flex flex-col gap-3">
                <h2 id="session-report-heading" className="text-lg font-semibold">
                  Report
                </h2>
                <SessionReport countId={count._id} />
              </section>
            )}
            {count.state === 'counting' || count.state === 'draft' ? (
              <p className="text-slate-700">
                The review opens when counting stops.{' '}
                <Link to={paths.dashboard.count(count._id)} className={linkClass}>
                  Go to the count screen
                </Link>
              </p>
            ) : (
              <ReviewScreen count={count} canCount={canChangeStock} isAdmin={isAdmin} />
            )}
          </>
        )}
      </SessionHead>
    </section>
  );
}

/** The printable count sheet; a blind session's leaves the quantities on record out. */
export function CountSheetPage() {
  const { countId = '' } = useParams();
  return (
    <section aria-labelledby="sheet-heading" className="flex min-w-0 flex-col gap-4">
      <div className="print:hidden">
        <PageHeading id="sheet-heading">Count sheet</PageHeading>
      </div>
      <SessionHead countId={countId}>{(count) => <CountSheet count={count} />}</SessionHead>
    </section>
  );
}

/** Record accuracy and variances of the applied sessions, over time, with the CSV export. */
export function CountsReportPage() {
  return (
    <section aria-labelledby="counts-report-heading" className="flex min-w-0 flex-col gap-4">
      <PageHeading id="counts-report-heading">Count report</PageHeading>
      <p className="text-sm text-slate-700">
        Record accuracy is the lines counted within tolerance over the lines counted: 95 % is a common floor, 99 % best in class.{' '}
        <Link to={paths.dashboard.counts} className={linkClass}>
          All counts
        </Link>
      </p>
      <CountsReport />
    </section>
  );
}
