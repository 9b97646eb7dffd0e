import type { Review } from '@book-warehouse/types';

export function ReviewList({ reviews, stale }: { reviews: Review[]; stale: boolean }) {
  return (
    <ul className={`flex flex-col gap-4 transition-opacity ${stale ? 'opacity-60' : ''}`}>
      {reviews.map((review) => (
        <li key={review._id}>
          <article className="flex gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-label={`Comment by ${review.name}`}>
            {/* Decorative: the author's name is written next to it. */}
            <img src={review.img} alt="" width={48} height={48} className="size-12 shrink-0 rounded-full bg-slate-100" />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <p className="font-semibold text-slate-900">{review.name}</p>
                <time dateTime={review.createdAt} className="text-xs text-slate-500">
                  {review.time}
                </time>
              </div>
              <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-line text-slate-700">{review.description}</p>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
