import request from 'supertest';
import { parse } from 'csv-parse/sync';
import { IMPORT_FIELDS, ImportSummarySchema, recogniseFormat, type Book, type ImportSummary } from '@book-warehouse/types';
import { apiError, bearer, useTestApp, useTestUsers } from '../../../test/helpers';

// POST /books/import reads other tools' exports as they are (docs/decisions/011-lists-import-export.md, Import): each
// sample below is written from the tool's documented export header and imported with the mapping the import screen
// proposes for it (recogniseFormat of packages/types/src/import-formats.ts) and the defaults a clerk would set.

const ctx = useTestApp({ emptyBeforeEach: ['books', 'histories'] });
const [staff] = useTestUsers('Fay Formats');

/** The mapping the import screen proposes for the export this file's header shows (recogniseFormat). */
function mappingOf(csv: string): Record<string, string> {
  const [header]: string[][] = parse(csv, { to_line: 1 });
  const format = recogniseFormat(header!);
  if (!format) throw new Error('The sample was not recognised');
  return format.mapping;
}

const importCsv = (csv: string, query: { mapping?: object; defaults?: object; dryRun?: boolean } = {}) => {
  const params = new URLSearchParams();
  if (query.mapping) params.set('mapping', JSON.stringify(query.mapping));
  if (query.defaults) params.set('defaults', JSON.stringify(query.defaults));
  if (query.dryRun) params.set('dryRun', 'true');
  return request(ctx.app).post(`/api/books/import?${params.toString()}`).set(bearer(staff)).set('Content-Type', 'text/csv').send(csv);
};
const summaryOf = (body: unknown): ImportSummary => ImportSummarySchema.parse(body);

/** The books as stored, by their fields only, in name order. */
const stored = async () =>
  (
    await ctx.db
      .collection<Book>('books')
      .find({}, { sort: { bookName: 1 } })
      .toArray()
  ).map((book) => Object.fromEntries(IMPORT_FIELDS.flatMap((field) => (book[field] === undefined ? [] : [[field, book[field]]]))));

/** The fields none of these tools exports, set once for the file on the import screen. */
const SHOP_DEFAULTS = {
  subTitle: 'Paperback',
  description: 'A book of the shop.',
  catagory: 'Fiction',
  photo: '/covers/default.svg',
  price: '12.50',
};

/**
 * Goodreads' library export (My Books > Import and export > Export Library): its header as Goodreads writes it,
 * ISBN cells guarded for spreadsheets (`="0439023483"`, `=""` when there is none).
 */
const GOODREADS = [
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies',
  '2767052,"The Hunger Games (The Hunger Games, #1)",Suzanne Collins,"Collins, Suzanne",,"=""0439023483""","=""9780439023481""",4,4.32,Scholastic Press,Hardcover,374,2008,2008,2012/01/15,2011/12/30,,,read,,,,1,3',
  '44767458,Dune,Frank Herbert,"Herbert, Frank",,"=""""","=""9780441172719""",5,4.27,Ace,Paperback,617,1990,1965,,2020/05/01,to-read,to-read (#1),to-read,,,,0,0',
].join('\r\n');

/** Libib's library export (Settings > Export): its 30 columns, from the CSV Libib writes (item_type ... copies). */
const LIBIB = [
  'item_type,title,creators,first_name,last_name,collection,ean_isbn13,upc_isbn10,description,publisher,publish_date,group,tags,notes,price,length,number_of_discs,number_of_players,age_group,ensemble,aspect_ratio,esrb,rating,review,review_date,status,began,completed,added,copies',
  'book,Pride and Prejudice,Jane Austen,Jane,Austen,Library,9780141439518,0141439513,"A novel of manners.",Penguin Classics,2002-12-31,,classics,,9.99,,,,,,,,5,,,Completed,,,2021-03-04,2',
  'book,The Hitchhiker\'s Guide to the Galaxy,Douglas Adams,Douglas,Adams,Library,,0345391802,"Don\'t panic.",Del Rey,1995-09-27,,,,7.99,,,,,,,,4,,,Not begun,,,2021-03-05,1',
].join('\n');

/**
 * LibraryThing's export (librarything.com/export.php, "Export as CSV"): its header, with the ISBN in brackets and
 * ISBNs as a list, as LibraryThing writes them.
 */
const LIBRARYTHING = [
  '"Book Id","Title","Sort Character","Primary Author","Primary Author Role","Secondary Author","Secondary Author Roles","Publication","Date","Review","Rating","Comment","Private Comment","Summary","Media","Physical Description","Weight","Height","Thickness","Length","Dimensions","Page Count","LCCN","Acquired","Date Started","Date Read","Barcode","BCID","Tags","Collections","Languages","Original Languages","LC Classification","ISBN","ISBNs","Subjects","Dewey Decimal","Dewey Wording","Other Call Number","Copies","Source","Entry Date","From Where","OCLC","Work id","Lending Patron","Lending Status","Lending Start","Lending End"',
  '"123456789","To Kill a Mockingbird","1","Lee, Harper","","","","Harper Perennial (2006), Edition: Reprint, 336 pages","1960","","5","","","To Kill a Mockingbird by Harper Lee (1960)","Paperback","336 p.; 8 inches","","","","","","336","","","","","","","classics","Your library","English","","PS3562.E353","[0061120081]","0061120081, 9780061120084","","813.54","","","4","Amazon.com","2019-02-03","","","2657","","","",""',
].join('\n');

/**
 * Sortly's item export (Items > Export): the columns its importers read (Entry Name, Entry Type, SID, folders,
 * Barcode/QR1-Data ...), a book shop's barcodes being ISBN-13s.
 */
const SORTLY = [
  'Entry Name,Entry Type,SID,Item Group Name,Quantity,Unit,Min Level,Price,Value,Notes,Tags,Primary Folder,Subfolder-level1,Subfolder-level2,Subfolder-level3,Subfolder-level4,Photo1,Barcode/QR1-Data,Barcode/QR1-Type,Barcode/QR2-Data,Barcode/QR2-Type,Location,Expiry Date',
  'Dune,Item,SOED8T0001,,14,units,3,10.99,153.86,Desert planet saga.,sci-fi,Science Fiction,Shelf A,,,,,9780441172719,EAN-13,,,Back room,',
].join('\n');

/**
 * InvenTree's stock item export (Stock > Download): the column names of its StockItemResource
 * (github.com/inventree/InvenTree, src/backend/InvenTree/stock/admin.py); quantities are decimals.
 */
const INVENTREE = [
  'Stock Item ID,Part ID,Part Name,Quantity,Serial,Batch,Status,Status Code,Location ID,Location Name,Supplier Part ID,Supplier Part SKU,Supplier ID,Supplier Name,Customer ID,Installed In,Build ID,Parent ID,Sales Order ID,Purchase Order ID,Packaging,Link,Notes,Building,Review Needed,Delete on Deplete,Last Updated,Stocktake,Expiry Date',
  '17,4,The Left Hand of Darkness,6.00000,,B-2024,OK,10,2,Shelf B,,,,,,,,,,,,,,0,0,1,2024-03-01,,',
].join('\n');

describe("POST /api/books/import of other tools' exports, as they are", () => {
  it('imports a Goodreads library export: guarded ISBNs read, ISBN and ISBN13 both serve, Owned Copies as stock, defaults for the rest', async () => {
    const res = await importCsv(GOODREADS, { mapping: mappingOf(GOODREADS), defaults: SHOP_DEFAULTS }).expect(200);
    expect(summaryOf(res.body)).toMatchObject({ created: 2, updated: 0, errorCount: 0, committed: true });
    expect(summaryOf(res.body).ignoredColumns).toEqual([
      'Book Id',
      'Author l-f',
      'Additional Authors',
      'My Rating',
      'Average Rating',
      'Binding',
      'Number of Pages',
      'Year Published',
      'Original Publication Year',
      'Date Read',
      'Date Added',
      'Bookshelves',
      'Bookshelves with positions',
      'Exclusive Shelf',
      'My Review',
      'Spoiler',
      'Private Notes',
      'Read Count',
    ]);
    expect(await stored()).toEqual([
      {
        bookName: 'Dune',
        author: 'Frank Herbert',
        publishar: 'Ace',
        ...SHOP_DEFAULTS,
        price: 12.5,
        stockQuantity: 0,
        isbn: '9780441172719',
      },
      {
        bookName: 'The Hunger Games (The Hunger Games, #1)',
        author: 'Suzanne Collins',
        publishar: 'Scholastic Press',
        ...SHOP_DEFAULTS,
        price: 12.5,
        stockQuantity: 3,
        isbn: '9780439023481',
      },
    ]);
    // The same file again, with the same defaults, matches each book by its ISBN and changes nothing.
    const again = summaryOf((await importCsv(GOODREADS, { mapping: mappingOf(GOODREADS), defaults: SHOP_DEFAULTS }).expect(200)).body);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  });

  it('without defaults, names each field the export lacks on each row, and writes nothing', async () => {
    const res = await importCsv(GOODREADS, { mapping: mappingOf(GOODREADS) }).expect(422);
    const summary = summaryOf(res.body);
    expect(summary.errors.filter((e) => e.row === 2)).toEqual(
      ['subTitle', 'description', 'catagory', 'photo', 'price'].map((field) => ({ row: 2, field, message: 'is required' })),
    );
    expect(summary.errorCount).toBe(10);
    expect(await stored()).toEqual([]);
  });

  it('imports a Libib export: ean_isbn13 first, upc_isbn10 where it is empty, copies as stock', async () => {
    const defaults = { subTitle: 'Paperback', catagory: 'Classics', photo: '/covers/default.svg' };
    const summary = summaryOf((await importCsv(LIBIB, { mapping: mappingOf(LIBIB), defaults }).expect(200)).body);
    expect(summary).toMatchObject({ created: 2, errorCount: 0 });
    expect(await stored()).toEqual([
      {
        bookName: 'Pride and Prejudice',
        author: 'Jane Austen',
        publishar: 'Penguin Classics',
        description: 'A novel of manners.',
        price: 9.99,
        stockQuantity: 2,
        isbn: '9780141439518',
        ...defaults,
      },
      {
        bookName: "The Hitchhiker's Guide to the Galaxy",
        author: 'Douglas Adams',
        publishar: 'Del Rey',
        description: "Don't panic.",
        price: 7.99,
        stockQuantity: 1,
        isbn: '9780345391803',
        ...defaults,
      },
    ]);
  });

  it('imports a LibraryThing export: the ISBN in brackets and the list of ISBNs both read, Copies as stock', async () => {
    const defaults = { ...SHOP_DEFAULTS, publishar: 'Harper Perennial' };
    const summary = summaryOf((await importCsv(LIBRARYTHING, { mapping: mappingOf(LIBRARYTHING), defaults }).expect(200)).body);
    expect(summary).toMatchObject({ created: 1, errorCount: 0 });
    expect(await stored()).toEqual([
      { bookName: 'To Kill a Mockingbird', author: 'Lee, Harper', ...defaults, price: 12.5, stockQuantity: 4, isbn: '9780061120084' },
    ]);
  });

  it('imports a Sortly export: Quantity as stock, Min Level as the reorder point, the barcode as the ISBN', async () => {
    const defaults = { author: 'Frank Herbert', publishar: 'Ace', subTitle: 'Paperback', photo: '/covers/dune.svg' };
    const summary = summaryOf((await importCsv(SORTLY, { mapping: mappingOf(SORTLY), defaults }).expect(200)).body);
    expect(summary).toMatchObject({ created: 1, errorCount: 0 });
    const [book] = await ctx.db.collection<Book>('books').find().toArray();
    expect(book).toMatchObject({
      bookName: 'Dune',
      ...defaults,
      description: 'Desert planet saga.',
      catagory: 'Science Fiction',
      stockQuantity: 14,
      reorderPoint: 3,
      price: 10.99,
      isbn: '9780441172719',
    });
  });

  it('imports an InvenTree stock export: Part Name as the book, its decimal Quantity as stock, the rest by defaults', async () => {
    const defaults = { ...SHOP_DEFAULTS, author: 'Ursula K. Le Guin', publishar: 'Ace' };
    const summary = summaryOf((await importCsv(INVENTREE, { mapping: mappingOf(INVENTREE), defaults }).expect(200)).body);
    expect(summary).toMatchObject({ created: 1, errorCount: 0 });
    expect(await stored()).toEqual([{ bookName: 'The Left Hand of Darkness', ...defaults, price: 12.5, stockQuantity: 6 }]);
  });
});

describe('POST /api/books/import: defaults and mappings', () => {
  // Price cells guarded as a spreadsheet export writes them: `="9.99"` and `=""`.
  const csv = 'Title,Author,Price\r\nDune,Frank Herbert,"=""9.99"""\r\nEmma,Jane Austen,"="""""\r\n';
  const mapping = { Title: 'bookName', Author: 'author', Price: 'price' };
  const defaults = { ...SHOP_DEFAULTS, publishar: 'Penguin', stockQuantity: '1' };

  it("fills a field with its default only where the row's cell is empty", async () => {
    const summary = summaryOf((await importCsv(csv, { mapping, defaults }).expect(200)).body);
    expect(summary).toMatchObject({ created: 2, errorCount: 0 });
    expect((await stored()).map((book) => [book['bookName'], book['price']])).toEqual([
      ['Dune', 9.99],
      ['Emma', 12.5],
    ]);
  });

  it.each([
    [{ price: 'cheap' }, { 'defaults.price': 'must be a number' }],
    [{ stockQuantity: -2 }, { 'defaults.stockQuantity': 'must be 0 or more' }],
    [{ description: '  ' }, { 'defaults.description': 'is empty' }],
    [{ bookName: 'Anything' }, { 'defaults.bookName': 'is not an accepted field' }],
  ])('refuses a default a cell of its field could not hold (%j) with a 400 naming it, and writes nothing', async (defaults, fields) => {
    const res = await importCsv(csv, { mapping, defaults }).expect(400);
    expect(apiError(res.body).fields).toEqual(fields);
    expect(await stored()).toEqual([]);
  });

  it('answers 400 only when the mapping names a column the file lacks; columns that fill nothing are left out', async () => {
    const res = await importCsv(csv, { mapping: { ...mapping, Copies: 'stockQuantity' }, dryRun: true }).expect(400);
    expect(apiError(res.body).fields).toEqual({ mapping: 'maps "Copies", which the file\'s header does not have' });
    const shelved = csv.replace(/^|\r\n(?=.)/g, (start) => `${start}Shelf,`);
    const left = summaryOf((await importCsv(shelved, { mapping, defaults, dryRun: true }).expect(200)).body);
    expect(left).toMatchObject({ created: 2, errorCount: 0, ignoredColumns: ['Shelf'] });
  });
});
