import type { BarcodeDetector as DetectorPonyfill } from 'barcode-detector/ponyfill';
import type { CodeFormat } from './polyfill';

/** What the camera reader needs of a detector: the raw values of the barcodes it reads in one frame. */
export interface CodeDetector {
  detect(source: ImageBitmapSource): Promise<string[]>;
}

/** The browser's own BarcodeDetector (Chromium on Android, macOS and ChromeOS; not on Linux or Windows). */
type DetectorClass = Pick<typeof DetectorPonyfill, 'getSupportedFormats'> & (new (options: { formats: CodeFormat[] }) => DetectorPonyfill);

const asCodeDetector = (detector: DetectorPonyfill): CodeDetector => ({
  detect: async (source) => (await detector.detect(source)).map((found) => found.rawValue),
});

const loadPolyfill = async (formats: CodeFormat[]): Promise<CodeDetector> =>
  asCodeDetector((await import('./polyfill')).polyfillDetector(undefined, formats));

/**
 * The browser's detector until it fails, then the polyfill for good: some browsers offer BarcodeDetector and
 * list EAN-13 yet have no detection service behind it (Chromium on Linux: "Barcode detection service
 * unavailable").
 */
function withFallback(native: CodeDetector, formats: CodeFormat[]): CodeDetector {
  let current: CodeDetector | undefined;
  return {
    detect: async (source) => {
      if (current) return current.detect(source);
      try {
        return await native.detect(source);
      } catch {
        current = await loadPolyfill(formats);
        return current.detect(source);
      }
    },
  };
}

/**
 * A detector of EAN-13 barcodes (the barcode of an ISBN), and of Code 128 (a location's label) when asked: the
 * browser's own when it reads them, else the zxing-wasm polyfill, loaded only now so that its code and its
 * WebAssembly file (about 1 MB) reach only a clerk who starts the camera (docs/scanning.md).
 */
export async function createIsbnDetector(withLocations = false): Promise<CodeDetector> {
  const formats: CodeFormat[] = withLocations ? ['ean_13', 'code_128'] : ['ean_13'];
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  const supported = native ? await native.getSupportedFormats().catch((): readonly string[] => []) : [];
  if (native && formats.every((format) => supported.includes(format)))
    return withFallback(asCodeDetector(new native({ formats })), formats);
  return loadPolyfill(formats);
}
