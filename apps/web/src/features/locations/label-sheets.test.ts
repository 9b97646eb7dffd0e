import { describe, expect, it } from 'vitest';
import { code128Drawing, QUIET_ZONE_MODULES } from './code128';
import { LABEL_SHEETS, labelBox, labelsPerSheet, sheetPages } from './label-sheets';

const sheet = (id: string) => LABEL_SHEETS.find((candidate) => candidate.id === id)!;

describe('label sheets', () => {
  it('lays out 3 x 8 labels on A4 and Avery 5160 (3 x 10) on Letter', () => {
    expect([sheet('a4-3x8').columns, sheet('a4-3x8').rows, sheet('a4-3x8').pageSize]).toEqual([3, 8, 'A4']);
    expect([sheet('letter-5160').columns, sheet('letter-5160').rows, sheet('letter-5160').pageSize]).toEqual([3, 10, 'letter']);
  });

  it.each(LABEL_SHEETS.map((s) => [s.id, s] as const))('%s: every label lies on the page, side by side without overlap', (_, s) => {
    const boxes = Array.from({ length: labelsPerSheet(s) }, (_, index) => labelBox(index, s));
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.left + s.label.width).toBeLessThanOrEqual(s.page.width + 1e-9);
      expect(box.top + s.label.height).toBeLessThanOrEqual(s.page.height + 1e-9);
    }
    // The sheet is symmetric: the right margin equals the left one.
    const last = boxes.at(-1)!;
    expect(s.page.width - (last.left + s.label.width)).toBeCloseTo(s.margin.left);
    expect(s.page.height - (last.top + s.label.height)).toBeCloseTo(s.margin.top);
  });

  it('Avery 5160: 2 5/8 x 1 in labels, 1/2 in from the top, 3/16 in from the left, 1/8 in apart', () => {
    const avery = sheet('letter-5160');
    expect(labelBox(0, avery)).toEqual({ row: 0, column: 0, top: 0.5, left: 0.1875 });
    expect(labelBox(4, avery)).toEqual({ row: 1, column: 1, top: 1.5, left: 0.1875 + 2.625 + 0.125 });
  });

  it('fills sheets row by row, a new sheet after the last label of one', () => {
    const codes = Array.from({ length: 31 }, (_, i) => `B-${i}`);
    const pages = sheetPages(codes, sheet('letter-5160'));
    expect(pages.map((page) => page.length)).toEqual([30, 1]);
    expect(pages[1]).toEqual(['B-30']);
    expect(sheetPages(codes, sheet('a4-3x8')).map((page) => page.length)).toEqual([24, 7]);
    expect(sheetPages([], sheet('a4-3x8'))).toEqual([]);
  });

  it('draws a Code 128 barcode of the code as SVG bars', () => {
    const drawing = code128Drawing('B-03-2');
    expect(drawing.viewBox).toMatch(/^0 0 \d+ \d+$/);
    expect(drawing.paths.length).toBeGreaterThan(0);
    expect(drawing.paths.every((path) => /^M[\d .ML]+$/.test(path.d))).toBe(true);
  });

  it("leaves Code 128's quiet zone of 10 modules (2 units each) white on either side of the bars", () => {
    const drawing = code128Drawing('SH-MX0Z8WAVC-1');
    const width = Number(drawing.viewBox.split(' ')[2]);
    // Each bar is a vertical stroke centred on its x.
    const edges = drawing.paths.flatMap(({ d, strokeWidth }) =>
      [...d.matchAll(/M([\d.]+) /g)].map(([, x]) => [Number(x) - strokeWidth / 2, Number(x) + strokeWidth / 2] as const),
    );
    expect(Math.min(...edges.map(([left]) => left))).toBe(QUIET_ZONE_MODULES * 2);
    expect(width - Math.max(...edges.map(([, right]) => right))).toBe(QUIET_ZONE_MODULES * 2);
  });
});
