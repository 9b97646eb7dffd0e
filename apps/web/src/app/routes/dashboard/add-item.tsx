import { AddBookForm } from '../../../features/books/components/add-book-form';

export function AddItemPage() {
  return (
    <section aria-labelledby="add-item-heading" className="flex max-w-3xl flex-col gap-4">
      <h1 id="add-item-heading" className="text-2xl font-bold">
        Add Books
      </h1>
      <AddBookForm />
    </section>
  );
}
