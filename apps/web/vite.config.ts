/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const apiPort = process.env.PORT ?? '3000';

/** Where the production build's source maps go: beside dist, never inside it, so the server cannot publish them. */
const SOURCE_MAPS_DIR = path.resolve(import.meta.dirname, 'sourcemaps');

/**
 * Source maps are built 'hidden' (no sourceMappingURL comment in the scripts) and moved out of dist once
 * written: kept for reading error reports, never served (2 MB of our source to anyone who asked).
 */
function keepSourceMapsOutOfDist(): Plugin {
  return {
    name: 'keep-source-maps-out-of-dist',
    apply: 'build',
    async writeBundle(options, bundle) {
      const maps = Object.keys(bundle).filter((file) => file.endsWith('.map'));
      await mkdir(SOURCE_MAPS_DIR, { recursive: true });
      await Promise.all(maps.map((file) => rename(path.join(options.dir!, file), path.join(SOURCE_MAPS_DIR, path.basename(file)))));
    },
  };
}

/**
 * The service worker of the installable floor app (scripts/service-worker.js, docs/decisions/029-offline-queue.md),
 * written as dist/sw.js by the app's build with what it precaches: the shell (index.html), every script, style and
 * WebAssembly file of the build, the Latin text face (other subsets are cached when first used), the manifest and
 * the icons. Its version is a hash of that list, whose names carry their content's hash, and of the shell.
 */
function serviceWorker(): Plugin {
  return {
    name: 'service-worker',
    apply: 'build',
    // Once written: the shell (index.html) joins the bundle only at the end of the build.
    async writeBundle(options, bundle) {
      const built = Object.keys(bundle).filter(
        (file) => !file.endsWith('.map') && (!file.endsWith('.woff2') || file.includes('inter-latin-wght')),
      );
      const icons = (await readdir(path.resolve(import.meta.dirname, 'public', 'icons'))).map((file) => `icons/${file}`);
      const files = [...built, 'favicon.svg', 'manifest.webmanifest', ...icons].map((file) => `/${file}`).sort();
      const shell = bundle['index.html'];
      const version = createHash('sha256')
        .update(files.join('\n'))
        .update(shell?.type === 'asset' ? shell.source : '')
        .digest('hex')
        .slice(0, 16);
      const worker = await readFile(path.resolve(import.meta.dirname, 'scripts', 'service-worker.js'), 'utf8');
      const source = `const PRECACHE = ${JSON.stringify(files)};\nconst VERSION = '${version}';\n${worker}`;
      await writeFile(path.join(options.dir!, 'sw.js'), source);
    },
  };
}

/**
 * The public pages' build (`--mode public`) runs the same components on Preact's React layer
 * (preact/compat, about 11 kB of gzip where react-dom is 60 kB), for their hydration and for their drawing
 * at build time alike, so that the two agree (docs/decisions/016-landing-prerender.md). TanStack Query and
 * react-router are bundled with it and use it as their React.
 */
const preactForReact = [
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), keepSourceMapsOutOfDist(), ...(mode === 'public' ? [] : [serviceWorker()])],
  // The workspace's .env is read by scripts/start.mjs alone, which passes it on (only VITE_* reach the
  // browser); a bare `vite build` takes VITE_* from the environment.
  envDir: false,
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  ...(mode === 'public' && { resolve: { alias: preactForReact }, ssr: { noExternal: true } }),
  build: {
    sourcemap: 'hidden',
    // `vite build --mode public`, after the app's build: the public pages' entry (public.html, the shell
    // scripts/prerender.mjs draws them in) built on its own, so it is tree-shaken on its own. Built beside the
    // app, it would share a chunk with it, and that chunk would carry whatever either uses of react-router
    // (the data router) and TanStack Query (docs/decisions/016-landing-prerender.md).
    ...(mode === 'public' &&
      !isSsrBuild && { emptyOutDir: false, rollupOptions: { input: path.resolve(import.meta.dirname, 'public.html') } }),
    // The drawing of the public pages for Node (entry-server.tsx), as CommonJS with everything bundled in: the
    // API, itself CommonJS, loads it to draw the landing page per request (apps/api/src/modules/pages).
    ...(mode === 'public' &&
      isSsrBuild && { copyPublicDir: false, rollupOptions: { output: { format: 'cjs' as const, entryFileNames: '[name].cjs' } } }),
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Every core: Vitest's default leaves one idle, half the machine on a 2-core CI runner.
    maxWorkers: '100%',
    // Vitest's 5 s default is short for a form filled key by key while another worker shares the machine.
    testTimeout: 15_000,
  },
}));
