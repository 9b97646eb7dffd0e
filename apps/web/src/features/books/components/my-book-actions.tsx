import type { Book } from '@book-warehouse/types';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { toastOutcome } from '../../../components/ui/notify';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { usePermissions } from '../../../lib/account';
import { useDeleteBook } from '../api/delete-book';

/**
 * The My Books card's actions: Manage Items and a delete that asks first (spec: 'Are you sure to delete?');
 * no delete for a viewer (docs/rules.md, Roles).
 */
export function MyBookActions({ book }: { book: Book }) {
  const navigate = useNavigate();
  const { canChangeStock } = usePermissions();
  const confirm = useConfirm();
  const remove = useDeleteBook();

  const onDelete = async () => {
    if (!(await confirm(messages.confirmDeleteMine, { detail: messages.confirmDeleteDetail(book) }))) return;
    remove.mutate(book._id, toastOutcome(`${book.bookName} deleted`));
  };

  return (
    <>
      <Button variant="secondary" onClick={() => navigate(paths.dashboard.manageItems)}>
        Manage Items
      </Button>
      {canChangeStock && (
        <Button variant="danger" onClick={onDelete} disabled={remove.isPending} aria-label={`Delete ${book.bookName}`}>
          Delete
        </Button>
      )}
    </>
  );
}
