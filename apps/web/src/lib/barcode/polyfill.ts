import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
// The app serves its own copy of zxing's WebAssembly (Vite copies it into the build with a hashed name): the
// library's default would fetch it from a CDN, and the browser loads nothing from other hosts. The version
// of zxing-wasm in package.json is pinned to the one barcode-detector is built against, so glue and binary match.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** EAN-13 is a book's ISBN; Code 128 is a location's label (its code). */
export type CodeFormat = 'ean_13' | 'code_128';

/**
 * The `barcode-detector` ponyfill (zxing-cpp compiled to WebAssembly), reading EAN-13 unless told other formats. `wasmBinary` hands
 * it the module's bytes where there is no page to fetch them from (the unit tests in Node); the app fetches
 * the served file.
 */
export function polyfillDetector(wasmBinary?: ArrayBuffer, formats: CodeFormat[] = ['ean_13']): BarcodeDetector {
  prepareZXingModule({
    overrides: wasmBinary
      ? { wasmBinary }
      : { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
  });
  return new BarcodeDetector({ formats });
}
