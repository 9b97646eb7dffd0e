import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { rememberSession } from '../../../lib/session-hint';
import { testAccount, testBook } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { CardActions } from './card-actions';

const book = testBook({ _id: '64b000000000000000000003', stockQuantity: 4 });

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

function Where() {
  return <p>Now at {useLocation().pathname}</p>;
}

/** The card's buttons on the landing page, with the pages they lead to. */
const renderCard = (account?: ReturnType<typeof testAccount>) =>
  renderWithApp(<CardActions book={book} />, {
    account,
    routes: [paths.login, paths.dashboard.manageItems, paths.dashboard.quantity].map((path) => ({ path, element: <Where /> })),
  });

describe('CardActions for a viewer (docs/rules.md, Roles)', () => {
  const viewer = testAccount({ role: 'viewer' });

  it("leads 'Deleverd' to the read-only stock on the quantity screen and changes nothing", async () => {
    const fetchMock = stubFetch(() => json(book));
    renderCard(viewer);
    await userEvent.click(screen.getByRole('button', { name: `Deleverd: see the stock of ${book.bookName} (staff only)` }));
    expect(await screen.findByText(`Now at ${paths.dashboard.quantity}`)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("leads 'Manage Items' to the table", async () => {
    stubFetch(() => json(book));
    renderCard(viewer);
    await userEvent.click(screen.getByRole('button', { name: 'Manage Items' }));
    expect(await screen.findByText(`Now at ${paths.dashboard.manageItems}`)).toBeInTheDocument();
  });
});

describe('CardActions for staff', () => {
  it("delivers one copy with 'Deleverd'", async () => {
    const fetchMock = stubFetch(() => json({ ...book, stockQuantity: 3 }));
    renderCard(testAccount({ role: 'staff' }));
    await userEvent.click(screen.getByRole('button', { name: `Deleverd one copy of ${book.bookName}` }));
    expect(await screen.findByText('Books Delevard successfully!!!')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`/api/book/${book._id}/deliver`);
    expect(JSON.parse(init?.body as string)).toEqual({ amount: 1, mode: 'card' });
  });
});

describe("CardActions 'Deleverd' toast with Undo", () => {
  const entryId = '64c000000000000000000007';
  const undone = {
    entry: {
      _id: '64c000000000000000000008',
      email: 'ada@example.com',
      bookName: book.bookName,
      task: 'Undo: Deleverd 1 Quantity',
      time: 't',
      createdAt: '2026-11-23T10:00:00.000Z',
      bookId: book._id,
      undoes: entryId,
    },
    book,
  };

  it('undoes the delivery named by X-History-Id', async () => {
    const fetchMock = stubFetch((url) =>
      url.pathname.endsWith('/undo')
        ? json(undone, 201)
        : new Response(JSON.stringify({ ...book, stockQuantity: 3 }), {
            headers: { 'Content-Type': 'application/json', 'X-History-Id': entryId },
          }),
    );
    renderCard(testAccount({ role: 'staff' }));
    await userEvent.click(screen.getByRole('button', { name: `Deleverd one copy of ${book.bookName}` }));
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(`Delivery of 1 copy of ${book.bookName} undone`)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(String(url)).toBe(`/api/histories/${entryId}/undo`);
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
  });

  it('without X-History-Id, offers no Undo rather than guess which entry to undo', async () => {
    const fetchMock = stubFetch(() => json({ ...book, stockQuantity: 3 }));
    renderCard(testAccount({ role: 'staff' }));
    await userEvent.click(screen.getByRole('button', { name: `Deleverd one copy of ${book.bookName}` }));
    expect(await screen.findByText('Books Delevard successfully!!!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(fetchMock.mock.calls.map(([input]) => String(input)).some((u) => u.includes('/histories'))).toBe(false);
  });

  it("shows a refused undo's message", async () => {
    stubFetch((url) =>
      url.pathname.endsWith('/undo')
        ? json({ error: { code: 'conflict', message: 'stockQuantity changed since: it is 2, not 3' } }, 409)
        : new Response(JSON.stringify({ ...book, stockQuantity: 3 }), {
            headers: { 'Content-Type': 'application/json', 'X-History-Id': entryId },
          }),
    );
    renderCard(testAccount({ role: 'staff' }));
    await userEvent.click(screen.getByRole('button', { name: `Deleverd one copy of ${book.bookName}` }));
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('stockQuantity changed since: it is 2, not 3');
  });
});

describe('CardActions while a session this browser had is being restored', () => {
  beforeEach(() => rememberSession(true));
  afterEach(() => rememberSession(false));
  const renderRestoring = () =>
    renderWithApp(<CardActions book={book} />, {
      restoring: true,
      routes: [paths.login, paths.dashboard.manageItems].map((path) => ({ path, element: <Where /> })),
    });

  it("leads 'Manage Items' to the table, whose route waits for the session, not to the login page", async () => {
    renderRestoring();
    await userEvent.click(screen.getByRole('button', { name: 'Manage Items' }));
    expect(await screen.findByText(`Now at ${paths.dashboard.manageItems}`)).toBeInTheDocument();
  });

  it("holds 'Deleverd' until the session is known", () => {
    renderRestoring();
    expect(screen.getByRole('button', { name: `Deleverd one copy of ${book.bookName}` })).toBeDisabled();
  });
});

describe('CardActions signed out', () => {
  it("sends 'Deleverd' to the login page", async () => {
    const fetchMock = stubFetch(() => json(book));
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: `Deleverd one copy of ${book.bookName}` }));
    expect(await screen.findByText(`Now at ${paths.login}`)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
