import type { Book } from '@book-warehouse/types';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { usePermissions } from '../../../lib/account';
import { useSignedIn, type FromState } from '../../../lib/auth';
import { useStockChange } from '../hooks/use-stock-change';

/**
 * Manage Items and the one-click Deleverd (stock - 1, only while stock > 0). Signed-out users go to /login;
 * a viewer's Deleverd changes nothing and leads to the stock on the quantity screen, read-only, as Manage
 * Items leads to the table without Edit and Delete (docs/rules.md, Roles). While a session is being restored,
 * Manage Items goes to the table, whose route waits for it, and Deleverd waits.
 */
export function CardActions({ book }: { book: Book }) {
  const signedIn = useSignedIn();
  const { canChangeStock, viewOnly } = usePermissions();
  const navigate = useNavigate();
  const change = useStockChange(book);

  const toLogin = () => navigate(paths.login, { state: { from: paths.dashboard.manageItems } satisfies FromState });
  const onDeliver = () => {
    if (!signedIn) void toLogin();
    else if (canChangeStock) change.deliverOne();
    else void navigate(paths.dashboard.quantity);
  };

  return (
    <>
      <Button variant="secondary" onClick={() => (signedIn === false ? toLogin() : navigate(paths.dashboard.manageItems))}>
        Manage Items
      </Button>
      <Button
        onClick={onDeliver}
        // It waits for the session being restored, and signed in for the role: it either delivers or leads to the
        // read-only stock.
        disabled={change.stockBusy || signedIn === undefined || (signedIn && !canChangeStock && !viewOnly)}
        aria-label={
          viewOnly
            ? `${messages.deliverLabel}: see the stock of ${book.bookName} (staff only)`
            : `${messages.deliverLabel} one copy of ${book.bookName}`
        }
      >
        {messages.deliverLabel}
      </Button>
    </>
  );
}
