// After `vite build`: draws the public pages' HTML (src/entry-server.tsx, built by `vite build --ssr` into
// dist-ssr/entry-server.cjs) into dist/pages/<name>.html, which the API serves for those paths
// (apps/api/src/modules/pages/public-pages.ts), so a visitor's first paint needs no script. Their shell is
// dist/public.html, which loads the public pages' own first script (src/public-boot.ts); it is moved, ready
// to draw in, to dist-ssr/public-shell.html, where the API finds it beside entry-server.cjs to draw the landing
// page with its books and comments per request. Every other path keeps the app's empty dist/index.html.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const WEB = path.resolve(import.meta.dirname, '..');
const DIST = path.join(WEB, 'dist');
const SSR = path.join(WEB, 'dist-ssr');

const SHELL = path.join(DIST, 'public.html');

const ENTRY = path.join(SSR, 'entry-server.cjs');
const { drawPage, publicPaths } = createRequire(ENTRY)(ENTRY);
/** The file each public page is written to: the API maps `/` to index, `/<name>` to <name>. */
const fileName = (/** @type {string} */ pathname) => (pathname === '/' ? 'index' : pathname.slice(1));
const shell = await readFile(SHELL, 'utf8');

// The text face (Latin, variable weight) is asked for with the stylesheet, not after it has been parsed.
const font = (await readdir(path.join(DIST, 'assets'))).find((file) => /^inter-latin-wght-normal-.*\.woff2$/.test(file));
const preload = font ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${font}">\n  </head>` : '</head>';

// The stylesheet (10 kB of gzip) comes inside the page: painting waits for no second request.
const stylesheet = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;
const css = shell.match(stylesheet)?.[1];
if (!css) throw new Error('dist/public.html links no stylesheet');
const style = `<style>${await readFile(path.join(DIST, css), 'utf8')}</style>`;

const ready = shell.replace(stylesheet, () => style).replace('</head>', preload);
await mkdir(path.join(DIST, 'pages'), { recursive: true });
for (const pathname of publicPaths) {
  const name = fileName(pathname);
  const html = drawPage(ready, pathname);
  await writeFile(path.join(DIST, 'pages', `${name}.html`), html);
  console.log(`prerendered ${pathname} -> dist/pages/${name}.html (${(html.length / 1000).toFixed(1)} kB)`);
}
await writeFile(path.join(SSR, 'public-shell.html'), ready);
await rm(SHELL);
