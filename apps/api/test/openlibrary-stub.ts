import { spawn } from 'node:child_process';
import path from 'node:path';
import { once } from 'node:events';

/** The Open Library stub (test/fixtures/openlibrary/stub.mjs) in a child process, for a suite. */
export interface OpenLibraryStub {
  /** http://127.0.0.1:<port> */
  base: string;
  /** ISBN_LOOKUP_URL for the recorded answers. */
  urlTemplate: string;
  close(): Promise<void>;
}

const STUB_SCRIPT = path.join(__dirname, 'fixtures/openlibrary/stub.mjs');

/** The ISBN the stub has a recorded answer and a cover for: The Pragmatic Programmer. */
export const RECORDED_ISBN = '9780201616224';

export async function startOpenLibraryStub(): Promise<OpenLibraryStub> {
  const child = spawn(process.execPath, [STUB_SCRIPT, '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await Promise.race([
    once(child.stdout, 'data'),
    once(child, 'exit').then(() => {
      throw new Error('the Open Library stub exited');
    }),
  ])) as [Buffer];
  const port = /listening (\d+)/.exec(line.toString())?.[1];
  if (!port) throw new Error(`the Open Library stub said: ${line.toString()}`);
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    urlTemplate: `${base}/api/books?bibkeys=ISBN:{isbn}&format=json&jscmd=data`,
    close: async () => {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
