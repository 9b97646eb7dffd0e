import type { Book } from '@book-warehouse/types';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/notify';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { useAuth, type FromState } from '../../../lib/auth';
import { useDeliverBook } from '../api/deliver-book';

/** Manage Items and the one-click Deleverd (stock - 1, only while stock > 0). Signed-out users go to /login. */
export function CardActions({ book }: { book: Book }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const deliver = useDeliverBook();

  const toLogin = () => navigate(paths.login, { state: { from: paths.dashboard.manageItems } satisfies FromState });

  const onDeliver = () => {
    if (!user) return toLogin();
    if (book.stockQuantity < 1) return notify.error(`${book.bookName} is out of stock: nothing to deliver`);
    deliver.mutate(
      { id: book._id, amount: 1, mode: 'card' },
      { onSuccess: () => notify.success(messages.delivered), onError: (error) => notify.error(error.message) },
    );
  };

  return (
    <>
      <Button variant="secondary" onClick={() => (user ? navigate(paths.dashboard.manageItems) : toLogin())}>
        Manage Items
      </Button>
      <Button onClick={onDeliver} disabled={deliver.isPending} aria-label={`${messages.deliverLabel} one copy of ${book.bookName}`}>
        {messages.deliverLabel}
      </Button>
    </>
  );
}
