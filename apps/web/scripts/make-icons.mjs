// Draws the installed app's icons (public/icons/*.png, committed) from the app's own logo, public/favicon.svg, with
// the Chromium the end-to-end tests use. Run it again after a change of the logo: `node scripts/make-icons.mjs`.
// The maskable icon keeps the logo inside the middle 80 %, the zone a launcher's mask never cuts.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';

const WEB = path.resolve(import.meta.dirname, '..');
const logo = await readFile(path.join(WEB, 'public', 'favicon.svg'), 'utf8');
const svg = `data:image/svg+xml;base64,${Buffer.from(logo).toString('base64')}`;

/** Each icon: its file, its size in pixels, and the share of it the logo fills (centred on the logo's own amber). */
const icons = [
  { file: 'icon-192.png', size: 192, fill: 1 },
  { file: 'icon-512.png', size: 512, fill: 1 },
  { file: 'icon-maskable-512.png', size: 512, fill: 0.8 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const { file, size, fill } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const inner = Math.round(size * fill);
    const background = fill < 1 ? '#d97706' : 'transparent';
    await page.setContent(
      `<body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${background}">` +
        `<img src="${svg}" width="${inner}" height="${inner}"></body>`,
    );
    await page.screenshot({ path: path.join(WEB, 'public', 'icons', file), omitBackground: fill === 1 });
  }
} finally {
  await browser.close();
}
