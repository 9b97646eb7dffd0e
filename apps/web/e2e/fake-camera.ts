import { writeFile } from 'node:fs/promises';
import { chromium, type Browser, type TestInfo } from '@playwright/test';
import bwipjs from 'bwip-js/node';
import { PNG } from 'pngjs';

/** The EAN-13 check digit of 12 digits (weights 1, 3, 1, 3, ...). */
const ean13CheckDigit = (twelve: string) =>
  String((10 - ([...twelve].reduce((sum, digit, i) => sum + Number(digit) * (i % 2 ? 3 : 1), 0) % 10)) % 10);

/**
 * A fresh, valid ISBN-13 per call in the English-language group 978-0 (every publisher range of that group is
 * assigned, so isbn3 accepts any number in it): the demo books' ISBNs and those of earlier journeys never clash.
 */
export function randomIsbn(): string {
  const twelve = `9780${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  return twelve + ean13CheckDigit(twelve);
}

/** A barcode the fake camera shows: an ISBN's EAN-13, or a location label's Code 128. */
export type FakeCode = { bcid: 'ean13' | 'code128'; text: string };

/**
 * One I420 frame (full-range BT.601, "C420jpeg") of a barcode drawn by bwip-js as a PNG, decoded by pngjs and
 * centred on a white picture. Width and height are even, as 4:2:0 chroma needs.
 */
async function barcodeFrame({ bcid, text }: FakeCode, width: number, height: number): Promise<Buffer> {
  const png = PNG.sync.read(
    await bwipjs.toBuffer({
      bcid,
      text,
      scale: 3,
      height: 22,
      includetext: true,
      paddingwidth: 10,
      paddingheight: 10,
      backgroundcolor: 'FFFFFF',
    }),
  );
  if (png.width > width || png.height > height) throw new Error(`barcode ${png.width}x${png.height} does not fit ${width}x${height}`);
  const left = Math.floor((width - png.width) / 2);
  const top = Math.floor((height - png.height) / 2);
  const y = Buffer.alloc(width * height, 255);
  // The barcode is black on white: chroma is neutral (128) everywhere.
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  for (let row = 0; row < png.height; row++) {
    for (let col = 0; col < png.width; col++) {
      const i = (row * png.width + col) * 4;
      const alpha = png.data[i + 3]! / 255;
      const luma = 0.299 * png.data[i]! + 0.587 * png.data[i + 1]! + 0.114 * png.data[i + 2]!;
      y[(top + row) * width + left + col] = Math.round(luma * alpha + 255 * (1 - alpha));
    }
  }
  return Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
}

/**
 * Writes a YUV4MPEG2 (.y4m) video for Chromium's fake camera (`--use-file-for-fake-video-capture`, which plays
 * the file in a loop) showing each code in turn for `framesEach` frames at 10 frames a second.
 */
export async function writeBarcodesVideo(file: string, codes: FakeCode[], framesEach = 1, width = 640, height = 480): Promise<void> {
  const frames: Buffer[] = [];
  for (const code of codes) {
    const frame = await barcodeFrame(code, width, height);
    for (let i = 0; i < framesEach; i++) frames.push(frame);
  }
  const header = `YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`;
  await writeFile(file, Buffer.concat([Buffer.from(header), ...frames]));
}

/** A one-frame video of the EAN-13 barcode of `isbn` for Chromium's fake camera. */
export const writeBarcodeVideo = (file: string, isbn: string): Promise<void> => writeBarcodesVideo(file, [{ bcid: 'ean13', text: isbn }]);

/**
 * A browser of the test's own whose fake camera plays `video`: the project's launch options plus the fake-camera
 * flags, which no other test should get. The caller closes it.
 */
export function launchWithFakeCamera(testInfo: TestInfo, video: string): Promise<Browser> {
  const launch = testInfo.project.use.launchOptions ?? {};
  return chromium.launch({
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}
