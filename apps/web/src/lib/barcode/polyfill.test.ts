// @vitest-environment node
// Node, not jsdom: zxing decodes the PNG itself when there is no createImageBitmap or Image to do it (jsdom's
// Image cannot decode), which is the polyfill's path for a Blob.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import bwipjs from 'bwip-js/node';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { normaliseIsbn } from '../isbn';
import { polyfillDetector } from './polyfill';

let detector: ReturnType<typeof polyfillDetector>;

beforeAll(async () => {
  // The one browser class the polyfill builds its answers with that Node lacks (each barcode's boundingBox).
  vi.stubGlobal(
    'DOMRectReadOnly',
    class {
      constructor(
        readonly x = 0,
        readonly y = 0,
        readonly width = 0,
        readonly height = 0,
      ) {}
    },
  );
  // The served .wasm file, read from the package as the app's build copies it.
  const wasm = await readFile(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  detector = polyfillDetector(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
});

/** A PNG of the EAN-13 barcode of `digits`, drawn by bwip-js as a label printer would. */
async function barcodePng(digits: string, options: { scale?: number; rotate?: 'N' | 'R' } = {}): Promise<Blob> {
  const png = await bwipjs.toBuffer({
    bcid: 'ean13',
    text: digits,
    scale: options.scale ?? 3,
    height: 20,
    includetext: true,
    rotate: options.rotate ?? 'N',
    paddingwidth: 12,
    paddingheight: 8,
    backgroundcolor: 'FFFFFF',
  });
  return new Blob([new Uint8Array(png)], { type: 'image/png' });
}

describe('the polyfill decoder (zxing-wasm)', () => {
  it.each([
    ['9780441172719', 'Dune'],
    ['9780061120084', 'To Kill a Mockingbird'],
    ['9780804429573', 'an ISBN-10 ending in X (0-8044-2957-X)'],
  ])('reads the EAN-13 of %s (%s) from a generated image', async (isbn) => {
    const codes = await detector.detect(await barcodePng(isbn));
    expect(codes.map((code) => code.rawValue)).toEqual([isbn]);
    expect(normaliseIsbn(codes[0]!.rawValue)).toBe(isbn);
  });

  it('reads a small print and a barcode turned on its side', async () => {
    expect((await detector.detect(await barcodePng('9780441172719', { scale: 2 })))[0]?.rawValue).toBe('9780441172719');
    expect((await detector.detect(await barcodePng('9780441172719', { rotate: 'R' })))[0]?.rawValue).toBe('9780441172719');
  });

  it('finds nothing in an image without a barcode', async () => {
    const blank = await bwipjs.toBuffer({ bcid: 'qrcode', text: 'not an ean', scale: 2 });
    expect(await detector.detect(new Blob([new Uint8Array(blank)], { type: 'image/png' }))).toEqual([]);
  });
});
