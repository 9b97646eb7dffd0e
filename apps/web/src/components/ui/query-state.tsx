import type { ReactNode } from 'react';
import { Spinner } from './spinner';

/** What QueryState reads of a TanStack query (or of several, merged by the caller). */
export interface QueryView<T> {
  isError: boolean;
  error: Error | null;
  /** Undefined until the first answer has arrived. */
  data: T | undefined;
}

interface QueryStateProps<T> {
  query: QueryView<T>;
  /** The spinner's name for screen readers, such as 'Loading books'. */
  loading: string;
  /** The spinner's size: it holds the place of what will be shown. */
  loadingClassName?: string;
  /** Shown instead of the spinner while loading: a placeholder shaped like the content (CardsSkeleton, RowsSkeleton). */
  skeleton?: ReactNode;
  /** Shown, in an EmptyState box, instead of `children` when the answer is an empty list. */
  empty?: ReactNode;
  /** Shown under a failure's message, such as a way back. */
  errorAction?: ReactNode;
  /** What to show once the answer has arrived. */
  children: (data: T) => ReactNode;
}

/**
 * The states of a list (or any query) before its content: a skeleton or a spinner while loading, the server's message in a
 * role="alert" when the call failed, an empty-list message, then `children` with the data.
 */
export function QueryState<T>({
  query,
  loading,
  loadingClassName = 'min-h-96',
  skeleton,
  empty,
  errorAction,
  children,
}: QueryStateProps<T>) {
  if (query.isError) return <QueryError error={query.error} action={errorAction} />;
  if (query.data === undefined)
    return skeleton ? (
      <div role="status" aria-label={loading}>
        {skeleton}
      </div>
    ) : (
      <Spinner label={loading} className={loadingClassName} />
    );
  if (empty !== undefined && Array.isArray(query.data) && query.data.length === 0) return <EmptyState>{empty}</EmptyState>;
  return children(query.data);
}

/** A failed call: the server's message (the API client's ApiError says what went wrong), and a way on if given. */
export function QueryError({ error, action }: { error: Error | null; action?: ReactNode }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-2 text-red-700">
      <p>{error?.message}</p>
      {action}
    </div>
  );
}

/** The box that says there is nothing to show yet, optionally with a way to add something. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-4 rounded-xl bg-white p-6 text-slate-600 shadow-sm ring-1 ring-slate-200">{children}</div>
  );
}

const bar = 'animate-pulse rounded bg-slate-200';

/** Placeholders shaped like compact book cards (cover beside text), in the cards' grid. */
export function CardsSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div aria-hidden="true" className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="flex gap-4 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
          <div className={`${bar} aspect-[2/3] w-24 shrink-0 sm:w-28`} />
          <div className="flex flex-1 flex-col gap-2 pt-1">
            <div className={`${bar} h-5 w-3/4`} />
            <div className={`${bar} h-4 w-1/2`} />
            <div className={`${bar} h-4 w-2/3`} />
            <div className={`${bar} h-4 w-full`} />
            <div className={`${bar} mt-auto h-8 w-32`} />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Placeholders shaped like the rows of a list or table. */
export function RowsSkeleton({ count = 5 }: { count?: number }) {
  return (
    <div aria-hidden="true" className="flex flex-col divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="flex items-center gap-3 px-4 py-3">
          <div className={`${bar} h-4 flex-1`} />
          <div className={`${bar} h-4 w-16`} />
        </div>
      ))}
    </div>
  );
}
