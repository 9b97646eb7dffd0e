import { ConfigError, loadConfig } from './env';

const EMULATOR = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };

function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  it('answers the defaults for an empty environment', () => {
    expect(loadConfig({})).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '127.0.0.1',
      CORS_ORIGINS: [],
      SEED_DEMO_DATA: true,
    });
  });

  describe('the Auth Emulator (unsigned tokens) is a local-only mode', () => {
    it.each(['127.0.0.1', '::1', 'localhost'])('is accepted on the loopback HOST %s outside production', (host) => {
      for (const NODE_ENV of [undefined, 'development', 'test']) {
        expect(loadConfig({ ...EMULATOR, HOST: host, NODE_ENV }).FIREBASE_AUTH_EMULATOR_HOST).toBe('127.0.0.1:9099');
      }
    });

    it('is accepted with the default HOST', () => {
      expect(loadConfig(EMULATOR)).toMatchObject({ HOST: '127.0.0.1', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    });

    it.each(['0.0.0.0', '::', '192.168.1.20', 'warehouse.example.com', '127.0.0.1.example.com'])(
      'is refused on the non-loopback HOST %s, naming HOST and the emulator',
      (host) => {
        const message = refusal({ ...EMULATOR, HOST: host });
        expect(message).toMatch(/^HOST: /);
        expect(message).toContain('FIREBASE_AUTH_EMULATOR_HOST');
      },
    );

    it.each(['127.0.0.1', '0.0.0.0'])('is refused with NODE_ENV=production (HOST %s), naming NODE_ENV', (host) => {
      const message = refusal({ ...EMULATOR, HOST: host, NODE_ENV: 'production' });
      expect(message).toMatch(/^NODE_ENV: /);
      expect(message).toContain('FIREBASE_AUTH_EMULATOR_HOST');
    });

    it('has no production opt-in any more: ALLOW_AUTH_EMULATOR_IN_PRODUCTION=true changes nothing', () => {
      expect(refusal({ ...EMULATOR, NODE_ENV: 'production', ALLOW_AUTH_EMULATOR_IN_PRODUCTION: 'true' })).toMatch(/^NODE_ENV: /);
    });

    it('leaves any HOST to a server that verifies signed tokens', () => {
      expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    });
  });

  it.each<[string, NodeJS.ProcessEnv]>([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '-1' }],
    ['MONGODB_URI', { MONGODB_URI: 'http://db.example:27017' }],
    ['MONGODB_URI', { MONGODB_URI: 'localhost:27017' }],
    ['JWT_SECRET', { JWT_SECRET: 'short' }],
    ['CORS_ORIGINS', { CORS_ORIGINS: 'null' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['FIREBASE_AUTH_EMULATOR_HOST', { FIREBASE_AUTH_EMULATOR_HOST: 'no-port' }],
    ['WRITE_RATE_LIMIT_PER_MINUTE', { WRITE_RATE_LIMIT_PER_MINUTE: '0' }],
    ['BODY_LIMIT', { BODY_LIMIT: 'lots' }],
  ])('refuses a bad %s, naming it', (name, env) => {
    expect(refusal(env)).toMatch(new RegExp(`^  ${name}: `, 'm'));
  });

  it('names every bad variable at once', () => {
    const message = refusal({ PORT: 'x', MONGODB_URI: 'nope' });
    expect(message).toMatch(/^ {2}PORT: /m);
    expect(message).toMatch(/^ {2}MONGODB_URI: /m);
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ PORT: '', MONGODB_URI: '' });
    expect(config.PORT).toBe(3000);
    expect(config.MONGODB_URI).toBeUndefined();
  });
});
