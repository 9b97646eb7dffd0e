import { BookPricePutSchema, DeliverSchema, RestockSchema, type Book } from '@book-warehouse/types';
import { useId, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/notify';
import { messages } from '../../../config/messages';
import { useDeliverBook } from '../api/deliver-book';
import { useRestockBook } from '../api/restock-book';
import { useSetBookPrice } from '../api/set-price';

/** An empty box is 'no value', not 0. */
const toNumber = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

const firstMessage = (error: z.ZodError) => error.issues[0]?.message ?? 'is not valid';

const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-400 focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none aria-invalid:border-red-500';

/**
 * The quantity screen's controls for one book: add or deliver an amount (a whole number >= 1; a delivery
 * must leave at least 1 copy, docs/rules.md, Deliveries) and set the price. The server checks the same rules.
 */
export function StockControls({ book }: { book: Book }) {
  const restock = useRestockBook();
  const deliver = useDeliverBook();
  const price = useSetBookPrice();
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState('');
  const [newPrice, setNewPrice] = useState('');
  const [priceError, setPriceError] = useState('');
  const id = useId();
  const amountId = `${id}-amount`;
  const priceId = `${id}-price`;
  const stockBusy = restock.isPending || deliver.isPending;

  const onRestock = () => {
    const parsed = RestockSchema.safeParse({ amount: toNumber(amount) });
    if (!parsed.success) return setAmountError(`Amount ${firstMessage(parsed.error)}`);
    setAmountError('');
    restock.mutate(
      { id: book._id, ...parsed.data },
      {
        onSuccess: () => {
          notify.success(messages.quantityAdded);
          setAmount('');
        },
        onError: (error) => notify.error(error.message),
      },
    );
  };

  const onDeliver = () => {
    const parsed = DeliverSchema.safeParse({ amount: toNumber(amount) });
    if (!parsed.success) return setAmountError(`Amount ${firstMessage(parsed.error)}`);
    const left = book.stockQuantity - parsed.data.amount;
    if (left < 1) {
      return setAmountError(`Cannot deliver ${parsed.data.amount}: only ${book.stockQuantity} in stock, and at least 1 copy must stay`);
    }
    setAmountError('');
    deliver.mutate(
      { id: book._id, ...parsed.data },
      {
        onSuccess: () => {
          notify.success(messages.delivered);
          setAmount('');
        },
        onError: (error) => notify.error(error.message),
      },
    );
  };

  const onPrice = (event: FormEvent) => {
    event.preventDefault();
    const parsed = BookPricePutSchema.safeParse({ price: toNumber(newPrice) });
    if (!parsed.success) return setPriceError(`Price ${firstMessage(parsed.error)}`);
    setPriceError('');
    price.mutate(
      { id: book._id, price: parsed.data.price },
      {
        onSuccess: () => {
          notify.success(messages.priceUpdated);
          setNewPrice('');
        },
        onError: (error) => notify.error(error.message),
      },
    );
  };

  return (
    <div className="flex w-full flex-col gap-4 border-t border-slate-100 pt-3">
      <form
        noValidate
        aria-label={`Quantity of ${book.bookName}`}
        onSubmit={(event) => {
          event.preventDefault();
          onRestock();
        }}
        className="flex flex-col gap-2"
      >
        <label htmlFor={amountId} className="text-sm font-medium text-slate-700">
          Amount<span className="sr-only"> of {book.bookName}</span>
        </label>
        <input
          id={amountId}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setAmountError('');
          }}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? `${amountId}-error` : undefined}
          className={inputClass}
        />
        {amountError && (
          <p id={`${amountId}-error`} role="alert" className="text-sm text-red-600">
            {amountError}
          </p>
        )}
        <div className="grid grid-cols-2 gap-2">
          <Button type="submit" disabled={stockBusy}>
            Add quantity
          </Button>
          <Button variant="secondary" disabled={stockBusy} onClick={onDeliver}>
            {messages.deliverLabel}
          </Button>
        </div>
      </form>
      <form noValidate aria-label={`Price of ${book.bookName}`} onSubmit={onPrice} className="flex flex-col gap-2">
        <label htmlFor={priceId} className="text-sm font-medium text-slate-700">
          New price<span className="sr-only"> of {book.bookName}</span>
        </label>
        <div className="flex gap-2">
          <input
            id={priceId}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder={String(book.price)}
            value={newPrice}
            onChange={(event) => {
              setNewPrice(event.target.value);
              setPriceError('');
            }}
            aria-invalid={priceError ? true : undefined}
            aria-describedby={priceError ? `${priceId}-error` : undefined}
            className={`${inputClass} min-w-0 flex-1`}
          />
          <Button type="submit" variant="secondary" disabled={price.isPending}>
            Update price
          </Button>
        </div>
        {priceError && (
          <p id={`${priceId}-error`} role="alert" className="text-sm text-red-600">
            {priceError}
          </p>
        )}
      </form>
    </div>
  );
}
