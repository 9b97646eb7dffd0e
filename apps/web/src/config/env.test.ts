import { describe, expect, it } from 'vitest';
import { parseWebEnv } from './env';

describe('parseWebEnv', () => {
  it('runs against the Auth Emulator on port 9099 when nothing is set, an empty value counting as unset', () => {
    expect(parseWebEnv({ VITE_FIREBASE_API_KEY: '', MODE: 'production' })).toEqual({ VITE_AUTH_EMULATOR_PORT: 9099 });
  });

  it("reads a real project's settings and the emulator's port", () => {
    const env = parseWebEnv({ VITE_FIREBASE_API_KEY: 'key', VITE_FIREBASE_PROJECT_ID: 'shop', VITE_AUTH_EMULATOR_PORT: '9199' });
    expect(env).toMatchObject({ VITE_FIREBASE_API_KEY: 'key', VITE_FIREBASE_PROJECT_ID: 'shop', VITE_AUTH_EMULATOR_PORT: 9199 });
  });

  it('refuses a port that is not one, naming the variable', () => {
    expect(() => parseWebEnv({ VITE_AUTH_EMULATOR_PORT: 'ninety' })).toThrow(/VITE_AUTH_EMULATOR_PORT: must be a port number/);
    expect(() => parseWebEnv({ VITE_AUTH_EMULATOR_PORT: '70000' })).toThrow(/VITE_AUTH_EMULATOR_PORT: must be a port number/);
  });
});
