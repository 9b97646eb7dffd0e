import { LANDING_BOOKS } from '@book-warehouse/types/landing';
import { Link, useNavigate } from 'react-router-dom';
import { buttonClass } from '../../components/ui/button';
import { CardsSkeleton, QueryState } from '../../components/ui/query-state';
import { messages } from '../../config/messages';
import { paths } from '../../config/paths';
import { useBooks } from '../../features/books/api/get-books';
import { BookCard } from '../../features/books/components/book-card';
import { BookGrid } from '../../features/books/components/book-grid';
import { CardActions } from '../../features/books/components/card-actions';
import { ServicesSection } from '../../features/landing/services-section';
import { CommentSection } from '../../features/reviews/components/comment-section';
import { useSignedIn, type FromState } from '../../lib/auth';

/** The covers on screen at first paint on a wide screen (three columns); the rest load lazily. */
const FIRST_ROW = 3;

export function HomePage() {
  const books = useBooks({ limit: LANDING_BOOKS });
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const toLogin = () => navigate(paths.login, { state: { from: paths.home } satisfies FromState });
  return (
    <div className="flex flex-col gap-16">
      <section aria-labelledby="inventory-heading" className="flex flex-col gap-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="inventory-heading" className="text-2xl font-bold">
            Inventory
          </h2>
          <Link to={paths.allBooks} className={buttonClass('secondary')}>
            {messages.showAllBooks}
          </Link>
        </div>
        <QueryState
          query={books}
          loading="Loading books"
          skeleton={<CardsSkeleton count={LANDING_BOOKS} />}
          empty={
            <>
              <p>There are no books in the warehouse yet.</p>
              <Link to={paths.dashboard.addItem} className={buttonClass()}>
                Add a book
              </Link>
            </>
          }
        >
          {(list) => (
            <BookGrid>
              {list.map((book, index) => (
                <BookCard key={book._id} book={book} actions={<CardActions book={book} />} eager={index < FIRST_ROW} />
              ))}
            </BookGrid>
          )}
        </QueryState>
      </section>
      <ServicesSection />
      <CommentSection signedIn={signedIn} onSignInRequired={toLogin} />
    </div>
  );
}
