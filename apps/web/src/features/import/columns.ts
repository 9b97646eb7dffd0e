import { IMPORT_FIELDS, type ImportField } from '@book-warehouse/types';

export type BookField = ImportField;

/** Every field an import reads, in the order an export writes them. */
export const BOOK_FIELDS = IMPORT_FIELDS;

/** Headers a spreadsheet commonly uses for a field, beside the field's own name (compared without case, spaces or punctuation). */
const SYNONYMS: Record<string, readonly string[]> = {
  bookName: ['title', 'name', 'book', 'booktitle', 'bookname'],
  subTitle: ['subtitle'],
  author: ['author', 'authors', 'writer', 'by'],
  publishar: ['publisher', 'publishar', 'publication', 'press'],
  catagory: ['category', 'catagory', 'genre', 'section', 'subject'],
  description: ['description', 'summary', 'blurb', 'notes'],
  stockQuantity: ['quantity', 'stock', 'qty', 'stockquantity', 'copies', 'ownedcopies', 'count', 'onhand'],
  photo: ['photo', 'image', 'cover', 'imageurl', 'coverurl', 'picture'],
  price: ['price', 'cost', 'unitprice', 'amount'],
  isbn: ['isbn', 'isbn13', 'isbn10', 'ean', 'barcode'],
  reorderPoint: ['reorderpoint', 'reorder', 'reorderlevel', 'minstock', 'minimum'],
};

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A CSV header → the book field it names, or '' to leave the column out. */
export type ColumnMapping = Record<string, BookField | ''>;

/**
 * Guesses which field each column holds from its header: the field's own name or a common synonym, without
 * regard to case, spaces or punctuation ("Title" → bookName, "Qty" → stockQuantity). A field goes to the first
 * column that names it, but every ISBN column fills isbn (an ISBN-10 and an ISBN-13 column both serve); the other
 * columns are left out.
 */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const taken = new Set<BookField>();
  const mapping: ColumnMapping = {};
  for (const header of headers) {
    const key = squash(header);
    const field = BOOK_FIELDS.find((f) => !taken.has(f) && (squash(f) === key || SYNONYMS[f]?.includes(key)));
    mapping[header] = field ?? '';
    if (field && field !== 'isbn') taken.add(field);
  }
  return mapping;
}

/** The mapping as the API takes it (`mapping=<json>`): only the columns that are mapped to a field (several may fill one). */
export function mappingParam(mapping: ColumnMapping): Record<string, BookField> {
  return Object.fromEntries(Object.entries(mapping).filter((entry): entry is [string, BookField] => entry[1] !== ''));
}
