import type { Location } from '@book-warehouse/types';
import { labelBox, sheetPages, type LabelSheet } from '../label-sheets';
import { Code128Barcode } from './code128-barcode';

/** A label's margins inside its edges, as parts of its height and width (the barcode's quiet zone is its own). */
const LABEL_PADDING = { vertical: 0.08, horizontal: 0.03 };

/**
 * The labels on their sheets, page by page, at the sheet's real size: each label the location's name, its code as
 * a Code 128 barcode, and the code in text. The print stylesheet sets the printer's page to the sheet's and
 * leaves only these pages on paper.
 */
export function LabelSheetPages({ locations, sheet }: { locations: readonly Location[]; sheet: LabelSheet }) {
  const u = (n: number) => `${n}${sheet.unit}`;
  const pages = sheetPages(locations, sheet);
  return (
    <>
      <style>{`@media print {
  @page { size: ${sheet.pageSize}; margin: 0; }
  #main { padding: 0 !important; max-width: none !important; }
  .label-page { box-shadow: none !important; margin: 0 !important; }
  .label-page + .label-page { break-before: page; }
}`}</style>
      <div className="flex flex-col items-start gap-6 print:block">
        {pages.map((page, pageIndex) => (
          <section
            key={pageIndex}
            aria-label={`Sheet ${pageIndex + 1} of ${pages.length}`}
            className="label-page relative shrink-0 overflow-hidden bg-white text-black shadow-md ring-1 ring-slate-300 print:ring-0"
            style={{ width: u(sheet.page.width), height: u(sheet.page.height) }}
          >
            {page.map((location, index) => {
              const box = labelBox(index, sheet);
              return (
                <article
                  key={location._id}
                  aria-label={`Label ${location.code}`}
                  className="absolute flex flex-col items-center justify-center gap-[2%] overflow-hidden text-center"
                  style={{
                    top: u(box.top),
                    left: u(box.left),
                    width: u(sheet.label.width),
                    height: u(sheet.label.height),
                    // From the label's own size: a percentage would be of the page's width (the containing block),
                    // which left an Avery 5160 label a third of its height for the name, bars and code.
                    padding: `${u(sheet.label.height * LABEL_PADDING.vertical)} ${u(sheet.label.width * LABEL_PADDING.horizontal)}`,
                  }}
                >
                  <p className="w-full truncate text-[11pt] leading-tight font-bold">{location.name}</p>
                  <Code128Barcode code={location.code} className="h-[48%] w-full" />
                  <p className="w-full truncate font-mono text-[9pt] leading-tight">{location.code}</p>
                </article>
              );
            })}
          </section>
        ))}
      </div>
    </>
  );
}
