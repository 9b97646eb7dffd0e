import type { BarcodeDetector as DetectorPonyfill } from 'barcode-detector/ponyfill';

/** What the camera reader needs of a detector: the raw values of the EAN-13 barcodes in one frame. */
export interface CodeDetector {
  detect(source: ImageBitmapSource): Promise<string[]>;
}

/** The browser's own BarcodeDetector (Chromium on Android, macOS and ChromeOS; not on Linux or Windows). */
type DetectorClass = Pick<typeof DetectorPonyfill, 'getSupportedFormats'> & (new (options: { formats: ['ean_13'] }) => DetectorPonyfill);

const asCodeDetector = (detector: DetectorPonyfill): CodeDetector => ({
  detect: async (source) => (await detector.detect(source)).map((found) => found.rawValue),
});

/**
 * A detector of EAN-13 barcodes (the barcode of an ISBN): the browser's own when it reads EAN-13, else the
 * zxing-wasm polyfill, loaded only now so that its code and its WebAssembly file (about 1 MB) reach only a
 * clerk who starts the camera (docs/scanning.md).
 */
export async function createIsbnDetector(): Promise<CodeDetector> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native && (await native.getSupportedFormats().catch((): readonly string[] => [])).includes('ean_13')) {
    return asCodeDetector(new native({ formats: ['ean_13'] }));
  }
  const { polyfillDetector } = await import('./polyfill');
  return asCodeDetector(polyfillDetector());
}
