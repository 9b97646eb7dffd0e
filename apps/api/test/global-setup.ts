// The API suite's global set-up: one Firebase Auth Emulator and one embedded mongod for the whole run. Each
// suite gets its own database on that mongod (test/helpers.ts); a suite that stops, kills or restarts MongoDB
// starts its own instead.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startEmbeddedMongo } from '../src/lib/mongo';

/** The emulator's starter (scripts/auth-emulator.mjs), shared with `pnpm start` and Playwright: an ES module. */
interface AuthEmulatorModule {
  startAuthEmulator: () => Promise<{ host: string; stop(): Promise<void> }>;
}

declare global {
  /** What the global set-up started, for the global teardown (test/global-teardown.ts) to stop. */
  var __testServices: { stop(): Promise<void> } | undefined;
}

/**
 * Starts the Auth Emulator (reused when one already answers) and, with `mongo`, the shared mongod, and names
 * them to the suites through FIREBASE_AUTH_EMULATOR_HOST and TEST_MONGODB_URI.
 */
export async function startTestServices({ mongo }: { mongo: boolean }): Promise<void> {
  const starter = pathToFileURL(path.join(__dirname, '../../../scripts/auth-emulator.mjs')).href;
  const { startAuthEmulator } = (await import(starter)) as AuthEmulatorModule;
  const [emulator, server] = await Promise.all([startAuthEmulator(), mongo ? startEmbeddedMongo() : undefined]);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  if (server) process.env.TEST_MONGODB_URI = server.uri;
  globalThis.__testServices = { stop: async () => void (await Promise.all([emulator.stop(), server?.stop()])) };
}

export default () => startTestServices({ mongo: true });
