import type { ImportField } from '@book-warehouse/types';
import Papa from 'papaparse';
import { Button } from '../../../components/ui/button';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { bookFieldLabels } from '../../../config/book-field-labels';
import { messages } from '../../../config/messages';
import { saveBlob } from '../../../lib/download';
import { BOOK_FIELDS } from '../columns';
import { isOptional } from '../validate-rows';

/** One book as a sample file holds it: every column filled, as the import reads them. */
const SAMPLE: Record<ImportField, string> = {
  bookName: 'Dune',
  author: 'Frank Herbert',
  publishar: 'Ace',
  subTitle: 'Dune Chronicles, Book 1',
  description: 'A desert planet, a noble family and the spice that everyone wants.',
  catagory: 'Fiction',
  stockQuantity: '12',
  photo: '/covers/dune.svg',
  price: '9.99',
  isbn: '978-0-441-17271-9',
  reorderPoint: '5',
};

const HEADINGS = ['Column', 'Field', 'Required', 'Example'];

/** The sample file: the columns' header row and one book, as a spreadsheet would save it. */
export const sampleCsv = () => Papa.unparse({ fields: [...BOOK_FIELDS], data: [BOOK_FIELDS.map((field) => SAMPLE[field])] });

/**
 * The columns a file may have, before one is chosen: a first file then names them right (other headers are
 * mapped on the next step, or left out), and a sample file shows the shape.
 */
export function ImportColumns() {
  return (
    <details className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" open>
      <summary className="cursor-pointer font-semibold text-slate-800">{messages.importColumnsGuide}</summary>
      <p className="mt-2 max-w-prose text-sm text-slate-700">{messages.importColumnsIntro}</p>
      <ScrollRegion label={messages.importColumnsGuide} className="mt-3">
        <table className="min-w-full text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              {HEADINGS.map((heading) => (
                <th key={heading} scope="col" className="py-1 pr-4 font-medium">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="text-slate-800">
            {BOOK_FIELDS.map((field) => (
              <tr key={field} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-4 font-mono font-normal">
                  {field}
                </th>
                <td className="py-1 pr-4">{bookFieldLabels[field]}</td>
                <td className="py-1 pr-4">{isOptional(field) ? 'No' : 'Yes'}</td>
                <td className="max-w-64 truncate py-1" title={SAMPLE[field]}>
                  {SAMPLE[field]}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <Button
        variant="secondary"
        className="mt-3"
        onClick={() => saveBlob(new Blob([`\uFEFF${sampleCsv()}\r\n`], { type: 'text/csv' }), 'books-sample.csv')}
      >
        {messages.importSample}
      </Button>
    </details>
  );
}
