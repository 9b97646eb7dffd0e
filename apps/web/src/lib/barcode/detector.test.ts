import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIsbnDetector } from './detector';

vi.mock('./polyfill', () => ({
  polyfillDetector: () => ({ detect: () => Promise.resolve([{ rawValue: '9780441172719' }]) }),
}));

afterEach(() => vi.unstubAllGlobals());

/** A stand-in for the browser's BarcodeDetector class. */
function stubNative(formats: string[], detect: () => Promise<Array<{ rawValue: string }>>) {
  vi.stubGlobal(
    'BarcodeDetector',
    class {
      static getSupportedFormats = () => Promise.resolve(formats);
      detect = detect;
    },
  );
}

const frame = {} as ImageBitmapSource;

describe('createIsbnDetector', () => {
  it("uses the browser's detector when it reads EAN-13", async () => {
    stubNative(['ean_13', 'qr_code'], () => Promise.resolve([{ rawValue: '9780547928227' }]));
    expect(await (await createIsbnDetector()).detect(frame)).toEqual(['9780547928227']);
  });

  it('uses the polyfill where the browser has no detector, or one without EAN-13', async () => {
    expect(await (await createIsbnDetector()).detect(frame)).toEqual(['9780441172719']);
    stubNative(['qr_code'], () => Promise.resolve([]));
    expect(await (await createIsbnDetector()).detect(frame)).toEqual(['9780441172719']);
  });

  it("switches to the polyfill for good when the browser's detector has no service behind it", async () => {
    const native = vi.fn(() => Promise.reject(new DOMException('Barcode detection service unavailable.', 'NotSupportedError')));
    stubNative(['ean_13'], native);
    const detector = await createIsbnDetector();
    expect(await detector.detect(frame)).toEqual(['9780441172719']);
    expect(await detector.detect(frame)).toEqual(['9780441172719']);
    expect(native).toHaveBeenCalledTimes(1);
  });
});
