import type { BookFields } from '@book-warehouse/types';

/**
 * A book field's name as people read it: the add and update forms label their fields with it, and the History
 * screen names what a change did with it ('Price 12.00 -> 14.50'), so one field has one word on every screen.
 */
export const bookFieldLabels: Record<keyof BookFields, string> = {
  bookName: 'Book name',
  subTitle: 'Subtitle',
  author: 'Author',
  publishar: 'Publication',
  catagory: 'Category',
  description: 'Description',
  stockQuantity: 'Stock quantity',
  price: 'Price',
  photo: 'Photo URL',
  isbn: 'ISBN',
  reorderPoint: 'Reorder point',
  defaultLocationId: 'Default location',
  supplierId: 'Supplier',
  costPrice: 'Cost price',
  reorderQuantity: 'Reorder quantity',
};
