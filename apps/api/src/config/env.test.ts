import { ConfigError, defaultRole, loadConfig } from './env';

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

  it('refuses the Auth Emulator when NODE_ENV=production, naming the variable and the opt-in', () => {
    const message = refusal({ ...EMULATOR, NODE_ENV: 'production' });
    expect(message).toMatch(/^FIREBASE_AUTH_EMULATOR_HOST: /);
    expect(message).toContain('ALLOW_AUTH_EMULATOR_IN_PRODUCTION=true');
  });

  it.each(['false', '0', 'no'])('still refuses it with ALLOW_AUTH_EMULATOR_IN_PRODUCTION=%s', (allow) => {
    refusal({ ...EMULATOR, NODE_ENV: 'production', ALLOW_AUTH_EMULATOR_IN_PRODUCTION: allow });
  });

  it('accepts it in production only with ALLOW_AUTH_EMULATOR_IN_PRODUCTION=true', () => {
    expect(loadConfig({ ...EMULATOR, NODE_ENV: 'production', ALLOW_AUTH_EMULATOR_IN_PRODUCTION: 'true' })).toMatchObject({
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      ALLOW_AUTH_EMULATOR_IN_PRODUCTION: true,
    });
  });

  it('accepts the emulator outside production', () => {
    expect(loadConfig({ ...EMULATOR, NODE_ENV: 'development' }).FIREBASE_AUTH_EMULATOR_HOST).toBe('127.0.0.1:9099');
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
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'loopback' }],
    ['ADMIN_EMAILS', { ADMIN_EMAILS: 'ops@example.com,not-an-email' }],
    ['DEFAULT_ROLE', { DEFAULT_ROLE: 'owner' }],
    ['READ_RATE_LIMIT_PER_MINUTE', { READ_RATE_LIMIT_PER_MINUTE: '0' }],
    ['UNBOUNDED_READ_RATE_LIMIT_PER_MINUTE', { UNBOUNDED_READ_RATE_LIMIT_PER_MINUTE: 'many' }],
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

describe('roles, rate limits and the proxy setting', () => {
  it('defaults to small whole-list and generous read limits, no trusted proxy and no admin', () => {
    expect(loadConfig({})).toMatchObject({
      READ_RATE_LIMIT_PER_MINUTE: 1200,
      UNBOUNDED_READ_RATE_LIMIT_PER_MINUTE: 30,
      TRUST_PROXY: false,
      ADMIN_EMAILS: [],
    });
  });

  it('reads TRUST_PROXY as a hop count, ADMIN_EMAILS as a lower-case list and DEFAULT_ROLE as a role', () => {
    expect(loadConfig({ TRUST_PROXY: '1', ADMIN_EMAILS: ' Ops@Example.com, boss@example.com ', DEFAULT_ROLE: 'staff' })).toMatchObject({
      TRUST_PROXY: 1,
      ADMIN_EMAILS: ['ops@example.com', 'boss@example.com'],
      DEFAULT_ROLE: 'staff',
    });
  });

  it('gives a new account the staff role against the Auth Emulator, viewer otherwise, unless DEFAULT_ROLE says', () => {
    expect(defaultRole(loadConfig(EMULATOR))).toBe('staff');
    expect(defaultRole(loadConfig({}))).toBe('viewer');
    expect(defaultRole(loadConfig({ DEFAULT_ROLE: 'staff' }))).toBe('staff');
    expect(defaultRole(loadConfig({ ...EMULATOR, DEFAULT_ROLE: 'viewer' }))).toBe('viewer');
  });
});
