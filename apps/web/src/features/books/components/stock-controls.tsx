import { BookPricePutSchema, DeliverSchema, RestockSchema, type Book, type Location } from '@book-warehouse/types';
import { useId, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { LocationSelect, proposedLocationId } from '../../../components/ui/location-fields';
import { messages } from '../../../config/messages';
import { useStockChange } from '../hooks/use-stock-change';

/** An empty box is 'no value', not 0. */
const toNumber = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/** Why a typed value was refused, after the field's name: an empty box is missing, not 'not a number'. */
const refusal = (label: string, text: string, error: z.ZodError) =>
  `${label} ${text.trim() === '' ? 'is required' : (error.issues[0]?.message ?? 'is not valid')}`;

const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-400 focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none aria-invalid:border-red-500';

/** Room for the largest price the API takes (1000000000.00); the button wraps below it on a narrow card. */
const PRICE_BOX_WIDTH = 'min-w-[calc(14ch+1.75rem)]';

/**
 * The quantity screen's controls for one book: add or deliver an amount (a whole number >= 1; a delivery
 * must leave at least 1 copy, docs/rules.md, Deliveries) and set the price. The server checks the same rules.
 * Given the `locations`, added copies go where the clerk chooses, the book's default location (else RECEIVING)
 * proposed; a delivery draws from the book's locations in the documented order (docs/rules.md, Stock per location).
 */
export function StockControls({
  book,
  onChanged,
  locations,
}: {
  book: Book;
  /** Every location (GET /locations, which the page reads); without them, added copies go where the server puts them. */
  locations?: readonly Location[];
  /** Runs after a change was made: the Scan page puts the focus back in its ISBN field for the next code. */
  onChanged?: () => void;
}) {
  const change = useStockChange(book);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState('');
  const [newPrice, setNewPrice] = useState('');
  const [priceError, setPriceError] = useState('');
  // '' until the clerk chooses: the proposal then follows the locations as they load.
  const [chosenLocation, setChosenLocation] = useState('');
  const receiveInto = chosenLocation || (locations && proposedLocationId(locations, book.defaultLocationId)) || '';
  const id = useId();
  const amountId = `${id}-amount`;
  const priceId = `${id}-price`;
  const afterStockChange = () => {
    setAmount('');
    onChanged?.();
  };

  /** The amount typed, checked with `schema`; a refusal shows under the field and nothing is sent. */
  const parsedAmount = (schema: typeof RestockSchema | typeof DeliverSchema): number | undefined => {
    const parsed = schema.safeParse({ amount: toNumber(amount) });
    setAmountError(parsed.success ? '' : refusal('Amount', amount, parsed.error));
    return parsed.data?.amount;
  };

  const onRestock = () => {
    const value = parsedAmount(RestockSchema);
    if (value !== undefined) change.restock(value, afterStockChange, receiveInto || undefined);
  };

  const onDeliver = () => {
    const value = parsedAmount(DeliverSchema);
    if (value !== undefined) setAmountError(change.deliver(value, afterStockChange) ?? '');
  };

  const onPrice = (event: FormEvent) => {
    event.preventDefault();
    const parsed = BookPricePutSchema.safeParse({ price: toNumber(newPrice) });
    setPriceError(parsed.success ? '' : refusal('Price', newPrice, parsed.error));
    if (parsed.success)
      change.setPrice(parsed.data.price, () => {
        setNewPrice('');
        onChanged?.();
      });
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
        {locations && (
          <LocationSelect
            label={
              <>
                Receive into<span className="sr-only"> for {book.bookName}</span>
              </>
            }
            locations={locations}
            value={receiveInto}
            onChange={setChosenLocation}
            disabled={change.stockBusy}
          />
        )}
        <div className="grid grid-cols-2 gap-2">
          <Button type="submit" disabled={change.stockBusy}>
            Add quantity
          </Button>
          <Button variant="secondary" disabled={change.stockBusy} onClick={onDeliver}>
            {messages.deliverLabel}
          </Button>
        </div>
      </form>
      <form noValidate aria-label={`Price of ${book.bookName}`} onSubmit={onPrice} className="flex flex-col gap-2">
        <label htmlFor={priceId} className="text-sm font-medium text-slate-700">
          New price<span className="sr-only"> of {book.bookName}</span>
        </label>
        <div className="flex flex-wrap gap-2">
          {/* Text with a decimal keypad, not type="number": a number box's spinner takes clicks meant for the digits. */}
          <input
            id={priceId}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={String(book.price)}
            value={newPrice}
            onChange={(event) => {
              setNewPrice(event.target.value);
              setPriceError('');
            }}
            aria-invalid={priceError ? true : undefined}
            aria-describedby={priceError ? `${priceId}-error` : undefined}
            className={`${inputClass} ${PRICE_BOX_WIDTH} flex-1`}
          />
          <Button type="submit" variant="secondary" disabled={change.priceBusy}>
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
