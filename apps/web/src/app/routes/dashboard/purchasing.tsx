import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { bookByIsbnQueryOptions } from '../../../features/books/api/find-book-by-isbn';
import { searchBooksQueryOptions } from '../../../features/books/api/search-books';
import { useLocations } from '../../../features/locations/api/get-locations';
import { useFindLocation } from '../../../features/locations/api/find-location-by-code';
import { OrderDetails } from '../../../features/purchasing/components/order-details';
import type { BookFinder } from '../../../features/purchasing/components/order-editor';
import { OrdersList } from '../../../features/purchasing/components/orders-list';
import { ReceivingScreen } from '../../../features/purchasing/components/receiving-screen';
import { SuppliersPanel } from '../../../features/purchasing/components/suppliers-panel';
import { ViewOnlyNotice } from '../../../features/users/components/view-only-notice';
import { usePermissions } from '../../../lib/account';
import { PageHeading } from './page-heading';

/** Buying is staff work, as every purchasing call is (a viewer reads why the page is empty). */
function StaffOnly({ children }: { children: ReactNode }) {
  const { canChangeStock, viewOnly } = usePermissions();
  if (canChangeStock) return children;
  return viewOnly ? <ViewOnlyNotice /> : <Spinner label="Loading your account" className="min-h-64" />;
}

export function SuppliersPage() {
  return (
    <section aria-labelledby="suppliers-heading" className="flex min-w-0 flex-col gap-4">
      <PageHeading id="suppliers-heading">Suppliers</PageHeading>
      <StaffOnly>
        <SuppliersPanel canChange />
      </StaffOnly>
    </section>
  );
}

export function PurchaseOrdersPage() {
  return (
    <section aria-labelledby="orders-heading" className="flex min-w-0 flex-col gap-4">
      <PageHeading id="orders-heading">Purchase Orders</PageHeading>
      <StaffOnly>
        <OrdersList />
      </StaffOnly>
    </section>
  );
}

/** How an order's editor finds books: asked afresh, the books feature's reads (GET /books?isbn=, GET /bookbytext). */
function useBookFinder(): BookFinder {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      findBook: (isbn) => queryClient.fetchQuery({ ...bookByIsbnQueryOptions(isbn), staleTime: 0 }),
      searchBooks: (search) => queryClient.fetchQuery(searchBooksQueryOptions({ search, limit: 20, skip: 0 })),
    }),
    [queryClient],
  );
}

export function PurchaseOrderPage() {
  const { orderId = '' } = useParams();
  const finder = useBookFinder();
  const { isAdmin } = usePermissions();
  return (
    <section aria-labelledby="order-heading" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-3 print:hidden">
        <PageHeading id="order-heading">Purchase Order</PageHeading>
        <Link to={paths.dashboard.purchaseOrders} className="text-sm font-medium text-amber-800 underline">
          Every purchase order
        </Link>
      </div>
      <StaffOnly>
        <OrderDetails key={orderId} orderId={orderId} canChange isAdmin={isAdmin} finder={finder} />
      </StaffOnly>
    </section>
  );
}

/** Receiving a delivery on a phone or at the desk; `?order=` is the order being received. */
export function ReceivingPage() {
  const [search, setSearch] = useSearchParams();
  const locations = useLocations();
  const findLocation = useFindLocation();
  return (
    <section aria-labelledby="receiving-heading" className="flex max-w-4xl min-w-0 flex-col gap-4">
      <PageHeading id="receiving-heading">Receiving</PageHeading>
      <p className="text-sm text-slate-600">
        Choose the order the delivery is for, then scan each book (or type a count for a box). Nothing is received until you commit; then
        every line is received at once, or none is.
      </p>
      <StaffOnly>
        <ReceivingScreen
          orderId={search.get('order') ?? undefined}
          onOrder={(id) => setSearch(id ? { order: id } : {})}
          locations={locations.data}
          findLocation={findLocation}
        />
      </StaffOnly>
    </section>
  );
}
