// The hostile suite's global set-up: the Auth Emulator (the suite starts its own mongod), and the Node binary
// `pnpm start` runs the built API on and its allocator settings (scripts/node24.mjs, an ES module), named to the
// suite in HOSTILE_API_NODE and HOSTILE_API_MALLOC.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startTestServices } from '../global-setup';

interface Node24Module {
  findNode24: () => { path: string } | undefined;
  API_MALLOC_ENV: Record<string, string>;
}

export default async function hostileSetup(): Promise<void> {
  await startTestServices({ mongo: false });
  const node24 = pathToFileURL(path.join(__dirname, '../../../../scripts/node24.mjs')).href;
  const { findNode24, API_MALLOC_ENV } = (await import(node24)) as Node24Module;
  process.env.HOSTILE_API_NODE = findNode24()?.path ?? process.execPath;
  process.env.HOSTILE_API_MALLOC = JSON.stringify(API_MALLOC_ENV);
}
