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

const loadPolyfill = async (): Promise<CodeDetector> => asCodeDetector((await import('./polyfill')).polyfillDetector());

/**
 * The browser's detector until it fails, then the polyfill for good: some browsers offer BarcodeDetector and
 * list EAN-13 yet have no detection service behind it (Chromium on Linux: "Barcode detection service
 * unavailable").
 */
function withFallback(native: CodeDetector): CodeDetector {
  let current: CodeDetector | undefined;
  return {
    detect: async (source) => {
      if (current) return current.detect(source);
      try {
        return await native.detect(source);
      } catch {
        current = await loadPolyfill();
        return current.detect(source);
      }
    },
  };
}

/**
 * A detector of EAN-13 barcodes (the barcode of an ISBN): the browser's own when it reads EAN-13, else the
 * zxing-wasm polyfill, loaded only now so that its code and its WebAssembly file (about 1 MB) reach only a
 * clerk who starts the camera (docs/scanning.md).
 */
export async function createIsbnDetector(): Promise<CodeDetector> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native && (await native.getSupportedFormats().catch((): readonly string[] => [])).includes('ean_13')) {
    return withFallback(asCodeDetector(new native({ formats: ['ean_13'] })));
  }
  return loadPolyfill();
}
