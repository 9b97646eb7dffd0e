import type { Book } from '@book-warehouse/types';
import { notify, toastOutcome } from '../../../components/ui/notify';
import { messages } from '../../../config/messages';
import { useUndoEntry } from '../../../lib/undo-entry';
import { useDeliverBook } from '../api/deliver-book';
import { useRestockBook } from '../api/restock-book';
import { useSetBookPrice } from '../api/set-price';
import { isOutOfStock } from '../truncate';

/**
 * Every change of a book's stock or price, from a card or the quantity screen: it checks the delivery rules
 * (docs/rules.md, Deliveries) before asking the server, which checks them again, and toasts the outcome.
 * Amounts and prices arrive already parsed; `done` runs after a success (to clear the field).
 */
export function useStockChange(book: Book) {
  const restock = useRestockBook();
  const deliver = useDeliverBook();
  const price = useSetBookPrice();
  const undo = useUndoEntry();
  return {
    /** Receives `amount` copies at `locationId`, or without one where the server puts them (the book's default, else RECEIVING). */
    restock: (amount: number, done?: () => void, locationId?: string) =>
      restock.mutate({ id: book._id, amount, ...(locationId && { locationId }) }, toastOutcome(messages.quantityAdded, done)),
    /** The quantity screen's delivery: refused, with the reason returned, unless at least 1 copy stays. */
    deliver: (amount: number, done?: () => void): string | undefined => {
      if (book.stockQuantity - amount < 1) {
        return `Cannot deliver ${amount}: only ${book.stockQuantity} in stock, and at least 1 copy must stay`;
      }
      deliver.mutate({ id: book._id, amount }, toastOutcome(messages.delivered, done));
      return undefined;
    },
    /**
     * A card's one-click delivery: one copy while any is in stock (it may reach 0). Its toast offers Undo until it is used or
     * dismissed, which undoes that delivery's history entry (a wrong click is taken back, not re-stocked).
     */
    deliverOne: () => {
      if (isOutOfStock(book.stockQuantity)) return notify.error(`${book.bookName} is out of stock: nothing to deliver`);
      deliver.mutate(
        { id: book._id, amount: 1, mode: 'card' },
        {
          // Undo names the entry the delivery wrote; an answer without it (an older server) offers no Undo rather than guess.
          onSuccess: ({ historyId }) =>
            notify.success(messages.delivered, {
              ...(historyId && {
                action: {
                  label: messages.undoLabel,
                  onClick: () => undo.mutate(historyId, toastOutcome(messages.deliveryUndone(book.bookName))),
                },
              }),
            }),
          onError: (error) => notify.error(error.message),
        },
      );
    },
    setPrice: (value: number, done?: () => void) => price.mutate({ id: book._id, price: value }, toastOutcome(messages.priceUpdated, done)),
    stockBusy: restock.isPending || deliver.isPending || undo.isPending,
    priceBusy: price.isPending,
  };
}
