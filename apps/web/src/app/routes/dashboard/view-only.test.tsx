import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { MyBookActions } from '../../../features/books/components/my-book-actions';
import { testAccount, testBook } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { AddItemPage } from './add-item';
import { ManageItemsPage } from './manage-items';
import { QuantityPage } from './quantity';
import { SearchPage } from './search';
import { UpdateItemPage } from './update-item';

// A viewer sees the dashboard and the stock, and no write button anywhere (docs/rules.md, Roles).

const VIEWER_NOTICE = 'Your account can view stock but not change it; ask an admin for the staff role';
const books = [testBook(), testBook({ _id: '64b000000000000000000002', bookName: 'Emma', author: 'Jane Austen' })];
const viewer = testAccount({ role: 'viewer' });
const staff = testAccount({ role: 'staff' });

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

/** No button or link that would change something. */
function expectNoWriteControls() {
  for (const name of [/^Edit /, /^Delete /, 'Add quantity', 'Deleverd', 'Update price', 'Add Book']) {
    expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
  }
}

describe('for a viewer', () => {
  it('Manage Items shows the table without Edit and Delete, and says why', async () => {
    stubFetch(() => json(books));
    renderWithApp(<ManageItemsPage />, { path: paths.dashboard.manageItems, account: viewer });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'Emma' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.getByText(VIEWER_NOTICE)).toBeInTheDocument();
    expectNoWriteControls();
  });

  it('the update form of a book is not shown, only why', async () => {
    stubFetch(() => json(books[0]));
    renderWithApp(<UpdateItemPage />, { path: paths.dashboard.manageItemPattern.replace(':itemid', books[0]!._id), account: viewer });
    expect(await screen.findByText(VIEWER_NOTICE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /update/i })).not.toBeInTheDocument();
  });

  it('the quantity screen shows the stock of each book without the controls', async () => {
    stubFetch(() => json(books));
    renderWithApp(<QuantityPage />, { path: paths.dashboard.quantity, account: viewer });
    expect(await screen.findByRole('article', { name: 'Emma' })).toHaveTextContent('Stock: 5');
    expect(screen.getByText(VIEWER_NOTICE)).toBeInTheDocument();
    expect(screen.queryByLabelText('Amount of Emma')).not.toBeInTheDocument();
    expectNoWriteControls();
  });

  it('the Add Books screen explains that it needs the staff role instead of showing the form', () => {
    const fetchMock = stubFetch(() => json({}));
    renderWithApp(<AddItemPage />, { path: paths.dashboard.addItem, account: viewer });
    expect(screen.getByRole('heading', { name: 'Add Books' })).toBeInTheDocument();
    expect(screen.getByText(VIEWER_NOTICE)).toBeInTheDocument();
    expect(screen.queryByLabelText('Book name')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('search results have no Edit link', async () => {
    stubFetch(() => json(books));
    const { router } = renderWithApp(<p>Start</p>, {
      path: paths.dashboard.root,
      routes: [{ path: paths.dashboard.searchPattern, element: <SearchPage /> }],
      account: viewer,
    });
    await router.navigate(paths.dashboard.search('e'));
    expect(await screen.findByRole('article', { name: 'Dune' })).toBeInTheDocument();
    expectNoWriteControls();
  });

  it('a My Books card has Manage Items but no Delete', () => {
    renderWithApp(<MyBookActions book={books[0]!} />, { account: viewer });
    expect(screen.getByRole('button', { name: 'Manage Items' })).toBeInTheDocument();
    expectNoWriteControls();
  });
});

describe('for staff, the same screens keep their write controls', () => {
  it('Manage Items has Edit and Delete per row, and no notice', async () => {
    stubFetch(() => json(books));
    renderWithApp(<ManageItemsPage />, { path: paths.dashboard.manageItems, account: staff });
    // The table (and, below 640 px, its list of cards) gives each row Edit and Delete.
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Edit Emma' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Delete Emma' })).toBeInTheDocument();
    expect(screen.queryByText(VIEWER_NOTICE)).not.toBeInTheDocument();
  });

  it('the quantity screen has the controls, and Add Books the form', async () => {
    stubFetch(() => json(books));
    renderWithApp(<QuantityPage />, { path: paths.dashboard.quantity, account: staff });
    expect(await screen.findByLabelText('Amount of Emma')).toBeInTheDocument();
    renderWithApp(<AddItemPage />, { path: paths.dashboard.addItem, account: staff });
    expect(screen.getByLabelText('Book name')).toBeInTheDocument();
  });
});
