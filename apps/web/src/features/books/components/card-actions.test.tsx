import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
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

describe('CardActions signed out', () => {
  it("sends 'Deleverd' to the login page", async () => {
    const fetchMock = stubFetch(() => json(book));
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: `Deleverd one copy of ${book.bookName}` }));
    expect(await screen.findByText(`Now at ${paths.login}`)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
