// Starts one Firebase Auth Emulator for the whole run; each suite starts its own embedded mongod.
import { startAuthEmulator } from '../../../scripts/auth-emulator.mjs';

export default async function globalSetup() {
  const emulator = await startAuthEmulator();
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  globalThis.__authEmulator = emulator;
}
