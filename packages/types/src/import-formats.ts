import type { ImportField } from './lists';

/**
 * Other tools' export files, recognised by their header: the columns that only that export has, and the mapping
 * the screen proposes for it. Several columns may fill one field (an ISBN-10 and an ISBN-13 column): POST /books/import
 * takes a row's first valid cell (docs/decisions/011-lists-import-export.md, Import). The import screen proposes the
 * mapping; apps/api/src/modules/books/import-formats.test.ts imports a sample of each export with it.
 */
export interface ExportFormat {
  /** What the screen calls the file: '{name} recognised'. */
  name: string;
  /** Headers that all appear in this export and together in no other. */
  signature: readonly string[];
  mapping: Readonly<Record<string, ImportField>>;
}

const EXPORT_FORMATS: readonly ExportFormat[] = [
  {
    name: 'Goodreads library export',
    signature: ['Book Id', 'Author l-f', 'ISBN13', 'Exclusive Shelf'],
    mapping: { Title: 'bookName', Author: 'author', ISBN: 'isbn', ISBN13: 'isbn', Publisher: 'publishar', 'Owned Copies': 'stockQuantity' },
  },
  {
    name: 'Libib library export',
    signature: ['item_type', 'creators', 'ean_isbn13', 'upc_isbn10'],
    mapping: {
      title: 'bookName',
      creators: 'author',
      ean_isbn13: 'isbn',
      upc_isbn10: 'isbn',
      description: 'description',
      publisher: 'publishar',
      price: 'price',
      copies: 'stockQuantity',
    },
  },
  {
    name: 'LibraryThing library export',
    signature: ['Book Id', 'Primary Author', 'ISBNs'],
    mapping: { Title: 'bookName', 'Primary Author': 'author', ISBN: 'isbn', ISBNs: 'isbn', Copies: 'stockQuantity' },
  },
  {
    name: 'Sortly item export',
    signature: ['Entry Name', 'Min Level', 'Barcode/QR1-Data'],
    mapping: {
      'Entry Name': 'bookName',
      Quantity: 'stockQuantity',
      'Min Level': 'reorderPoint',
      Price: 'price',
      Notes: 'description',
      'Primary Folder': 'catagory',
      'Barcode/QR1-Data': 'isbn',
      'Barcode/QR2-Data': 'isbn',
    },
  },
  {
    name: 'InvenTree stock export',
    signature: ['Stock Item ID', 'Part Name', 'Quantity'],
    mapping: { 'Part Name': 'bookName', Quantity: 'stockQuantity' },
  },
];

const key = (header: string) => header.trim().toLowerCase();

/** The export whose signature the header holds (compared trimmed, without case), or undefined. */
export function recogniseFormat(headers: readonly string[]): ExportFormat | undefined {
  const present = new Set(headers.map(key));
  return EXPORT_FORMATS.find((format) => format.signature.every((header) => present.has(key(header))));
}
