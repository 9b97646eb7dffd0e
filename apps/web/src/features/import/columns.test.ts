import { describe, expect, it } from 'vitest';
import { guessMapping, mappingParam } from './columns';
import { checkRows } from './validate-rows';

describe('guessMapping', () => {
  it("maps the book's own field names and common synonyms, whatever their case and spacing", () => {
    expect(
      guessMapping(['Title', 'AUTHOR', 'Publisher', 'Category', 'Qty', 'Unit Price', 'Cover URL', 'Sub-title', 'Description']),
    ).toEqual({
      Title: 'bookName',
      AUTHOR: 'author',
      Publisher: 'publishar',
      Category: 'catagory',
      Qty: 'stockQuantity',
      'Unit Price': 'price',
      'Cover URL': 'photo',
      'Sub-title': 'subTitle',
      Description: 'description',
    });
    expect(guessMapping(['bookName', 'catagory', 'stockQuantity', 'Stock'])).toEqual({
      bookName: 'bookName',
      catagory: 'catagory',
      stockQuantity: 'stockQuantity',
      // The field is taken by the first column that names it.
      Stock: '',
    });
  });

  it('maps every ISBN column to isbn (ISBN-10 and ISBN-13 both serve) and Owned Copies to the stock', () => {
    expect(guessMapping(['Title', 'ISBN', 'ISBN13', 'Owned Copies'])).toEqual({
      Title: 'bookName',
      ISBN: 'isbn',
      ISBN13: 'isbn',
      'Owned Copies': 'stockQuantity',
    });
  });

  it('leaves unknown columns out, and the API gets only the mapped ones', () => {
    const mapping = guessMapping(['Name', 'Shelf', 'Quantity']);
    expect(mapping).toEqual({ Name: 'bookName', Shelf: '', Quantity: 'stockQuantity' });
    expect(mappingParam(mapping)).toEqual({ Name: 'bookName', Quantity: 'stockQuantity' });
  });
});

describe('checkRows', () => {
  const mapping = guessMapping(['Title', 'Author', 'Publisher', 'Subtitle', 'Description', 'Category', 'Quantity', 'Photo', 'Price']);
  const good = {
    Title: 'Dune',
    Author: 'Frank Herbert',
    Publisher: 'Chilton',
    Subtitle: 'A novel',
    Description: 'Desert planet.',
    Category: 'Fiction',
    Quantity: '12',
    Photo: '/covers/dune.svg',
    Price: '9.99',
  };

  it('checks each row with the shared schema, numbers read as numbers, rows numbered as a spreadsheet shows them', () => {
    const [first, second] = checkRows([good, { ...good, Quantity: '-1', Price: 'cheap', Title: ' ' }], mapping);
    expect(first).toEqual({
      row: 2,
      book: {
        bookName: 'Dune',
        author: 'Frank Herbert',
        publishar: 'Chilton',
        subTitle: 'A novel',
        description: 'Desert planet.',
        catagory: 'Fiction',
        stockQuantity: 12,
        photo: '/covers/dune.svg',
        price: 9.99,
      },
      errors: {},
    });
    expect(second!.row).toBe(3);
    expect(second!.errors).toEqual({ bookName: 'is required', stockQuantity: 'must be 0 or more', price: 'must be a number' });
  });
});
