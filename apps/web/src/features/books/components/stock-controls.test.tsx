import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testBook, testLocation } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { StockControls } from './stock-controls';

const book = testBook({ _id: '64b000000000000000000007' });

afterEach(() => {
  vi.unstubAllGlobals();
  // Sonner keeps its toasts in a module-level store and replays them to the next test's Toaster.
  toast.dismiss();
});

const bodyOf = (init: RequestInit | undefined): unknown => JSON.parse(init?.body as string);

async function typeAmount(amount: string) {
  const input = screen.getByLabelText('Amount of Dune');
  await userEvent.clear(input);
  await userEvent.type(input, amount);
}

describe('StockControls amount', () => {
  it.each([
    ['0', 'Add quantity'],
    ['-1', 'Add quantity'],
    ['0', 'Deleverd'],
    ['-1', 'Deleverd'],
  ])('refuses an amount of %s on %s with a message and sends nothing', async (amount, button) => {
    const fetchMock = stubFetch(() => json(book));
    renderWithApp(<StockControls book={book} />);
    await typeAmount(amount);
    await userEvent.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Amount must be 1 or more');
    expect(screen.getByLabelText('Amount of Dune')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an empty amount as missing, not as a wrong number', async () => {
    const fetchMock = stubFetch(() => json(book));
    renderWithApp(<StockControls book={book} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add quantity' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Amount is required');
    await userEvent.click(screen.getByRole('button', { name: 'Update price' }));
    expect(await screen.findByText('Price is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adds the amount with POST /book/{id}/restock and says so', async () => {
    const fetchMock = stubFetch(() => json({ ...book, stockQuantity: 8 }));
    renderWithApp(<StockControls book={book} />);
    await typeAmount('3');
    await userEvent.click(screen.getByRole('button', { name: 'Add quantity' }));
    expect(await screen.findByText('Books Quantity added successfully!!!')).toBeInTheDocument();
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(String(input)).toBe(`/api/book/${book._id}/restock`);
    expect(init?.method).toBe('POST');
    expect(bodyOf(init)).toEqual({ amount: 3 });
  });
});

describe('StockControls delivery', () => {
  it('delivers with POST /book/{id}/deliver and says so', async () => {
    const fetchMock = stubFetch(() => json({ ...book, stockQuantity: 3 }));
    renderWithApp(<StockControls book={book} />);
    await typeAmount('2');
    await userEvent.click(screen.getByRole('button', { name: 'Deleverd' }));
    expect(await screen.findByText('Books Delevard successfully!!!')).toBeInTheDocument();
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(String(input)).toBe(`/api/book/${book._id}/deliver`);
    expect(bodyOf(init)).toEqual({ amount: 2 });
  });

  it('refuses before asking the server when the stock would not stay above 0', async () => {
    const fetchMock = stubFetch(() => json(book));
    renderWithApp(<StockControls book={book} />);
    await typeAmount('5');
    await userEvent.click(screen.getByRole('button', { name: 'Deleverd' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot deliver 5: only 5 in stock, and at least 1 copy must stay');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal (409) as an error", async () => {
    const message = 'Cannot deliver 4: the stock after delivery must stay above 0';
    const fetchMock = stubFetch(() => json({ error: { code: 'conflict', message } }, 409));
    renderWithApp(<StockControls book={book} />);
    await typeAmount('4');
    await userEvent.click(screen.getByRole('button', { name: 'Deleverd' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText(message).closest('[role="alert"]')).not.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Books Delevard successfully!!!')).not.toBeInTheDocument();
  });
});

describe('StockControls price', () => {
  it('sends only the new price with PUT /bookprice/{id} and says so', async () => {
    const fetchMock = stubFetch(() => json({ ...book, price: 12.5 }));
    renderWithApp(<StockControls book={book} />);
    await userEvent.type(screen.getByLabelText('New price of Dune'), '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Update price' }));
    expect(await screen.findByText('Book Price updated successfully!!!')).toBeInTheDocument();
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(String(input)).toBe(`/api/bookprice/${book._id}`);
    expect(init?.method).toBe('PUT');
    expect(bodyOf(init)).toEqual({ price: 12.5 });
  });

  it('refuses a negative price without a request', async () => {
    const fetchMock = stubFetch(() => json(book));
    renderWithApp(<StockControls book={book} />);
    await userEvent.type(screen.getByLabelText('New price of Dune'), '-2');
    await userEvent.click(screen.getByRole('button', { name: 'Update price' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Price must be 0 or more');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('StockControls location', () => {
  const receiving = testLocation({ _id: '64c000000000000000000001', code: 'RECEIVING', name: 'Receiving' });
  const aisle = testLocation({ _id: '64c000000000000000000002', code: 'A', name: 'Aisle A', holdsStock: false });
  const shelf = testLocation({ _id: '64c000000000000000000003', code: 'B-03', name: 'Shelf B-03', depth: 2, parentId: aisle._id });
  const locations = [receiving, aisle, shelf];
  const receiveInto = () => screen.getByRole('combobox', { name: 'Receive into for Dune' });

  it('proposes RECEIVING for a book without a default, offers only the places that hold stock, and sends the one chosen', async () => {
    const fetchMock = stubFetch(() => json({ ...book, stockQuantity: 8 }));
    renderWithApp(<StockControls book={book} locations={locations} />);
    expect(receiveInto()).toHaveDisplayValue('RECEIVING — Receiving');
    expect(screen.queryByRole('option', { name: 'A — Aisle A' })).toBeNull();
    await userEvent.selectOptions(receiveInto(), shelf._id);
    await typeAmount('3');
    await userEvent.click(screen.getByRole('button', { name: 'Add quantity' }));
    expect(await screen.findByText('Books Quantity added successfully!!!')).toBeInTheDocument();
    expect(bodyOf(fetchMock.mock.calls[0]![1])).toEqual({ amount: 3, locationId: shelf._id });
  });

  it('proposes the book’s default location, and a delivery names no location (the server’s order)', async () => {
    const stored = testBook({ _id: book._id, defaultLocationId: shelf._id, stockQuantity: 9 });
    const fetchMock = stubFetch(() => json(stored));
    renderWithApp(<StockControls book={stored} locations={locations} />);
    expect(receiveInto()).toHaveValue(shelf._id);
    await typeAmount('2');
    await userEvent.click(screen.getByRole('button', { name: 'Add quantity' }));
    await screen.findByText('Books Quantity added successfully!!!');
    expect(bodyOf(fetchMock.mock.calls[0]![1])).toEqual({ amount: 2, locationId: shelf._id });
    await typeAmount('2');
    await userEvent.click(screen.getByRole('button', { name: 'Deleverd' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(bodyOf(fetchMock.mock.calls[1]![1])).toEqual({ amount: 2 });
  });
});
