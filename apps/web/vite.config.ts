/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { mkdir, rename } from 'node:fs/promises';
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

export default defineConfig({
  plugins: [react(), tailwindcss(), keepSourceMapsOutOfDist()],
  // One .env at the workspace root serves the API and the web app (only VITE_* reach the browser).
  envDir: '../..',
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: { sourcemap: 'hidden' },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
