import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { recogniseFormat } from '@book-warehouse/types';
import { formatMapping } from './formats';
import { checkRows } from './validate-rows';

// Each tool's export header as the tool writes it (apps/api/src/modules/books/import-formats.test.ts imports a
// sample of each and names the source).
const HEADERS = {
  'Goodreads library export':
    'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies',
  'Libib library export':
    'item_type,title,creators,first_name,last_name,collection,ean_isbn13,upc_isbn10,description,publisher,publish_date,group,tags,notes,price,length,number_of_discs,number_of_players,age_group,ensemble,aspect_ratio,esrb,rating,review,review_date,status,began,completed,added,copies',
  'LibraryThing library export':
    'Book Id,Title,Sort Character,Primary Author,Primary Author Role,Secondary Author,Secondary Author Roles,Publication,Date,Review,Rating,Comment,Private Comment,Summary,Media,Physical Description,Weight,Height,Thickness,Length,Dimensions,Page Count,LCCN,Acquired,Date Started,Date Read,Barcode,BCID,Tags,Collections,Languages,Original Languages,LC Classification,ISBN,ISBNs,Subjects,Dewey Decimal,Dewey Wording,Other Call Number,Copies,Source,Entry Date,From Where,OCLC,Work id,Lending Patron,Lending Status,Lending Start,Lending End',
  'Sortly item export':
    'Entry Name,Entry Type,SID,Item Group Name,Quantity,Unit,Min Level,Price,Value,Notes,Tags,Primary Folder,Subfolder-level1,Subfolder-level2,Subfolder-level3,Subfolder-level4,Photo1,Barcode/QR1-Data,Barcode/QR1-Type,Barcode/QR2-Data,Barcode/QR2-Type,Location,Expiry Date',
  'InvenTree stock export':
    'Stock Item ID,Part ID,Part Name,Quantity,Serial,Batch,Status,Status Code,Location ID,Location Name,Supplier Part ID,Supplier Part SKU,Supplier ID,Supplier Name,Customer ID,Installed In,Build ID,Parent ID,Sales Order ID,Purchase Order ID,Packaging,Link,Notes,Building,Review Needed,Delete on Deplete,Last Updated,Stocktake,Expiry Date',
};

describe('recogniseFormat', () => {
  it.each(Object.entries(HEADERS))('recognises a %s by its header', (name, header) => {
    expect(recogniseFormat(header.split(','))?.name).toBe(name);
  });

  it("recognises no format in this app's own columns or a spreadsheet's own headers", () => {
    expect(recogniseFormat(['bookName', 'author', 'isbn', 'stockQuantity'])).toBeUndefined();
    expect(recogniseFormat(['Title', 'Author', 'ISBN', 'Quantity'])).toBeUndefined();
  });

  it("proposes the export's mapping, both ISBN columns filling isbn and Owned Copies the stock, the rest left out", () => {
    const headers = HEADERS['Goodreads library export'].split(',');
    const mapping = formatMapping(recogniseFormat(headers)!, headers);
    expect(Object.entries(mapping).filter(([, field]) => field !== '')).toEqual([
      ['Title', 'bookName'],
      ['Author', 'author'],
      ['ISBN', 'isbn'],
      ['ISBN13', 'isbn'],
      ['Publisher', 'publishar'],
      ['Owned Copies', 'stockQuantity'],
    ]);
    expect(Object.keys(mapping)).toEqual(headers);
  });

  it('reads a Goodreads row as the server does: guarded ISBNs, the first valid one, defaults for the fields it lacks', () => {
    const csv = `${HEADERS['Goodreads library export']}\r\n44767458,Dune,Frank Herbert,"Herbert, Frank",,"=""""","=""9780441172719""",5,4.27,Ace,Paperback,617,1990,1965,,2020/05/01,to-read,to-read (#1),to-read,,,,0,2`;
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true });
    const headers = parsed.meta.fields ?? [];
    const mapping = formatMapping(recogniseFormat(headers)!, headers);
    const [without] = checkRows(parsed.data, mapping);
    expect(without!.book).toEqual({ bookName: 'Dune', author: 'Frank Herbert', isbn: '9780441172719', publishar: 'Ace', stockQuantity: 2 });
    expect(without!.errors).toEqual({
      subTitle: 'is required',
      description: 'is required',
      catagory: 'is required',
      photo: 'is required',
      price: 'is required',
    });
    const defaults = { subTitle: 'Paperback', description: 'A novel.', catagory: 'Fiction', photo: '/covers/dune.svg', price: 9.5 };
    const [withDefaults] = checkRows(parsed.data, mapping, defaults);
    expect(withDefaults!.errors).toEqual({});
    expect(withDefaults!.book).toMatchObject(defaults);
  });
});
