// The zod-free file, not the package index: that would bring zod and every schema into the landing page.
import { reviewPageCount } from '@book-warehouse/types/review-paging';
import { useState } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { useReviewCount } from '../api/get-review-count';
import { useReviews } from '../api/get-reviews';
import { CommentForm } from './comment-form';
import { PageButtons } from './page-buttons';
import { ReviewList } from './review-list';

// Room for a page of three comments, kept while loading so the page below does not jump.
const LIST_HEIGHT = 'min-h-[28rem] sm:min-h-[22rem]';

interface CommentSectionProps {
  /** Undefined while the session is still being read. */
  signedIn: boolean | undefined;
  onSignInRequired: () => void;
}

/** The landing page's comments: 3 per page, newest first, numbered page buttons from 1. */
export function CommentSection({ signedIn, onSignInRequired }: CommentSectionProps) {
  const [page, setPage] = useState(0);
  const count = useReviewCount();
  const pages = count.data ? reviewPageCount(count.data.count) : 0;
  const current = Math.min(page, Math.max(pages - 1, 0));
  const reviews = useReviews(current);

  return (
    <section aria-labelledby="comments-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="comments-heading" className="text-2xl font-bold">
          Comments
        </h2>
        <p className="text-sm text-slate-500" aria-live="polite">
          {count.data && pages > 0 ? `Page ${current + 1} of ${pages} · ${count.data.count} comments` : '\u00a0'}
        </p>
      </div>
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-4">
          <div className={LIST_HEIGHT} aria-busy={reviews.isFetching}>
            <QueryState
              // The page shown depends on the count, so the list waits for both.
              query={{
                isError: count.isError || reviews.isError,
                error: count.error ?? reviews.error,
                data: count.isPending ? undefined : reviews.data,
              }}
              loading="Loading comments"
              loadingClassName={LIST_HEIGHT}
              empty="No comments yet. Be the first to write one."
            >
              {(list) => <ReviewList reviews={list} stale={reviews.isPlaceholderData} />}
            </QueryState>
          </div>
          <div className="min-h-10">
            <PageButtons pages={pages} current={current} onSelect={setPage} label="Comment pages" />
          </div>
        </div>
        <CommentForm signedIn={signedIn} onSignInRequired={onSignInRequired} onPosted={() => setPage(0)} />
      </div>
    </section>
  );
}
