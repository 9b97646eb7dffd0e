import type { Book } from '@book-warehouse/types';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { useAuth, type FromState } from '../../../lib/auth';
import { useStockChange } from '../hooks/use-stock-change';

/** Manage Items and the one-click Deleverd (stock - 1, only while stock > 0). Signed-out users go to /login. */
export function CardActions({ book }: { book: Book }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const change = useStockChange(book);

  const toLogin = () => navigate(paths.login, { state: { from: paths.dashboard.manageItems } satisfies FromState });

  return (
    <>
      <Button variant="secondary" onClick={() => (user ? navigate(paths.dashboard.manageItems) : toLogin())}>
        Manage Items
      </Button>
      <Button
        onClick={() => (user ? change.deliverOne() : toLogin())}
        disabled={change.stockBusy}
        aria-label={`${messages.deliverLabel} one copy of ${book.bookName}`}
      >
        {messages.deliverLabel}
      </Button>
    </>
  );
}
