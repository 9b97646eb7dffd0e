import request from 'supertest';
import type { Express } from 'express';
import { AccountSchema, ApiTokenSchema, type Role } from '@book-warehouse/types';
import {
  apiError,
  bearer,
  createTestUser,
  readHistory,
  setRole,
  useTestApp,
  useTestUsers,
  verifyEmail,
  type TestUser,
} from '../../../test/helpers';

// Accounts and roles (docs/decisions/009-roles.md): GET /me, the admin's GET /users and PUT /users/{uid}/role.

const ctx = useTestApp({ emptyBeforeEach: ['users', 'histories'] });
const [admin, staff, viewer, newcomer] = useTestUsers('Ada Admin', 'Sam Staff', 'Vic Viewer', 'Nina Newcomer');

beforeEach(async () => {
  await setRole(ctx.db, admin, 'admin');
  await setRole(ctx.db, staff, 'staff');
  await setRole(ctx.db, viewer, 'viewer');
});

const storedRole = async (user: TestUser) =>
  (await ctx.db.collection<{ _id: string; role: Role }>('users').findOne({ _id: user.uid }))?.role;

const putRole = (caller: TestUser, target: string, role: unknown, app: Express = ctx.app) =>
  request(app).put(`/api/users/${target}/role`).set(bearer(caller)).send({ role });

describe('GET /api/me', () => {
  it("records a new account on its first request with the default role, and answers it (staff against the emulator's default)", async () => {
    const res = await request(ctx.app).get('/api/me').set(bearer(newcomer)).expect(200);
    const account = AccountSchema.parse(res.body);
    expect(account).toMatchObject({
      uid: newcomer.uid,
      email: newcomer.email,
      name: 'Nina Newcomer',
      role: 'staff',
      emailVerified: false,
      adminByConfig: false,
      pendingAdminByConfig: false,
    });
    expect(Date.parse(account.firstSeen)).toBeGreaterThan(Date.now() - 60_000);
    expect(account.lastSeen).toBe(account.firstSeen);
    expect(await storedRole(newcomer)).toBe('staff');
  });

  it('gives a new account DEFAULT_ROLE when set (viewer, as with a real Firebase project)', async () => {
    const app = ctx.variant({ roles: { adminEmails: [], defaultRole: 'viewer' } });
    const res = await request(app).get('/api/me').set(bearer(newcomer)).expect(200);
    expect(AccountSchema.parse(res.body).role).toBe('viewer');
  });

  it('answers 401 without a token', async () => {
    expect(apiError((await request(ctx.app).get('/api/me').expect(401)).body).code).toBe('unauthorized');
  });
});

describe('ADMIN_EMAILS', () => {
  const withAdminEmail = (...named: TestUser[]) =>
    ctx.variant({ roles: { adminEmails: named.map((u) => u.email), defaultRole: 'viewer' } });
  /** `operator`'s e-mail is verified before the tests (`verifiedOperator` is its fresh token); `pending`'s never is. */
  const [operator, pending] = useTestUsers('Olga Operator', 'Pat Pending');
  let verifiedOperator: TestUser;
  beforeAll(async () => {
    verifiedOperator = await verifyEmail(operator);
  });

  const me = async (app: Express, user: TestUser) =>
    AccountSchema.parse((await request(app).get('/api/me').set(bearer(user)).expect(200)).body);
  const storedAccount = (user: TestUser) =>
    ctx.db.collection<{ _id: string; role: Role; emailVerified?: boolean }>('users').findOne({ _id: user.uid });

  it('makes a new account named there with a verified e-mail an admin', async () => {
    const account = await me(withAdminEmail(operator), verifiedOperator);
    expect(account).toMatchObject({ role: 'admin', emailVerified: true, adminByConfig: true, pendingAdminByConfig: false });
    expect(await storedAccount(operator)).toMatchObject({ role: 'admin', emailVerified: true });
  });

  it('wins over a stored role: an account named there with a verified e-mail is an admin whatever is stored', async () => {
    await setRole(ctx.db, operator, 'viewer');
    const app = withAdminEmail(operator);
    await request(app).get('/api/users').set(bearer(verifiedOperator)).expect(200);
    expect((await me(app, verifiedOperator)).role).toBe('admin');
  });

  it('keeps its verified accounts admins: another admin cannot change their role (409), and nothing is stored or recorded', async () => {
    await setRole(ctx.db, operator, 'staff');
    const app = withAdminEmail(operator);
    await me(app, verifiedOperator);
    const res = await putRole(admin, operator.uid, 'viewer', app).expect(409);
    expect(apiError(res.body).message).toContain('ADMIN_EMAILS');
    expect(await storedRole(operator)).toBe('staff');
    expect(await readHistory(ctx.app, admin)).toEqual([]);
  });

  it('makes an account signed up with a password the default role until its e-mail is verified, then admin at its next request', async () => {
    const owner = await createTestUser('Una Unverified');
    const app = withAdminEmail(owner);
    expect(await me(app, owner)).toMatchObject({ role: 'viewer', emailVerified: false, adminByConfig: false, pendingAdminByConfig: true });
    expect(apiError((await request(app).get('/api/users').set(bearer(owner)).expect(403)).body).code).toBe('forbidden');
    expect(await storedAccount(owner)).toMatchObject({ role: 'viewer', emailVerified: false });

    const verified = await verifyEmail(owner);
    await request(app).get('/api/users').set(bearer(verified)).expect(200);
    expect(await me(app, verified)).toMatchObject({ role: 'admin', emailVerified: true, adminByConfig: true, pendingAdminByConfig: false });
    expect(await storedAccount(owner)).toMatchObject({ role: 'viewer', emailVerified: true });

    // A token issued before the verification still says unverified, and still makes no admin.
    await request(app).get('/api/users').set(bearer(owner)).expect(403);
  });

  it('does not count an account named there with an unverified e-mail as another admin: the last admin stays one', async () => {
    await setRole(ctx.db, pending, 'viewer');
    const res = await putRole(admin, admin.uid, 'staff', withAdminEmail(pending)).expect(409);
    expect(apiError(res.body).message).toBe(`${admin.email} is the last admin; make another account admin first`);
    expect(await storedRole(admin)).toBe('admin');

    // The same rule counts a verified one.
    const app = withAdminEmail(pending, operator);
    await me(app, verifiedOperator);
    await putRole(admin, admin.uid, 'staff', app).expect(200);
    expect(await storedRole(admin)).toBe('staff');
  });

  it('lets an admin change the role of an account named there whose e-mail is not verified', async () => {
    const app = withAdminEmail(pending);
    await me(app, pending);
    const res = await putRole(admin, pending.uid, 'staff', app).expect(200);
    expect(AccountSchema.parse(res.body)).toMatchObject({ role: 'staff', adminByConfig: false, pendingAdminByConfig: true });
    expect(await storedRole(pending)).toBe('staff');
    expect((await readHistory(ctx.app, admin))[0]).toMatchObject({ task: `Role of ${pending.email} set to staff` });

    const listed = AccountSchema.array().parse((await request(app).get('/api/users').set(bearer(admin)).expect(200)).body);
    expect(listed.find((a) => a.uid === pending.uid)).toMatchObject({ role: 'staff', emailVerified: false, pendingAdminByConfig: true });
  });

  it('grants nothing through an API token exchanged for an unverified token; one from a verified token is admin', async () => {
    const app = withAdminEmail(pending, operator);
    const apiToken = async (user: TestUser) =>
      ApiTokenSchema.parse((await request(app).post('/api/token').set(bearer(user)).expect(200)).body).token;

    const unverified = await apiToken(pending);
    await request(app).get('/api/users').set('Authorization', `Bearer ${unverified}`).expect(403);
    expect(await storedAccount(pending)).toMatchObject({ role: 'viewer', emailVerified: false });

    const verified = await apiToken(verifiedOperator);
    await request(app).get('/api/users').set('Authorization', `Bearer ${verified}`).expect(200);
  });
});

describe('GET /api/users', () => {
  it('lists the accounts that have signed in, by e-mail, with their role and the total in X-Total-Count', async () => {
    const res = await request(ctx.app).get('/api/users').set(bearer(admin)).expect(200);
    const accounts = AccountSchema.array().parse(res.body);
    expect(res.headers['x-total-count']).toBe('3');
    expect(accounts.map((a) => a.email)).toEqual([admin, staff, viewer].map((u) => u.email).sort());
    expect(Object.fromEntries(accounts.map((a) => [a.email, a.role]))).toEqual({
      [admin.email]: 'admin',
      [staff.email]: 'staff',
      [viewer.email]: 'viewer',
    });
  });

  it('pages with page and limit', async () => {
    const res = await request(ctx.app).get('/api/users?page=1&limit=2').set(bearer(admin)).expect(200);
    expect(
      AccountSchema.array()
        .parse(res.body)
        .map((a) => a.email),
    ).toEqual([[admin, staff, viewer].map((u) => u.email).sort()[2]]);
    expect(res.headers['x-total-count']).toBe('3');
  });

  it.each(['limit=0', 'limit=101', 'page=-1', 'page=x', 'skip=1', 'role[$ne]=admin'])('refuses ?%s with 400 naming it', async (query) => {
    const res = await request(ctx.app).get(`/api/users?${query}`).set(bearer(admin)).expect(400);
    expect(Object.keys(apiError(res.body).fields ?? {})).toEqual([query.split('=')[0]]);
  });

  it.each([
    ['staff', staff],
    ['a viewer', viewer],
  ])('answers 403 to %s', async (_label, user) => {
    const res = await request(ctx.app).get('/api/users').set(bearer(user)).expect(403);
    expect(apiError(res.body)).toMatchObject({ code: 'forbidden', message: 'Only an admin can see and change the team' });
  });
});

describe('PUT /api/users/:uid/role', () => {
  it('sets the role, records "Role of {email} set to {role}" under the admin, and the next request obeys it', async () => {
    const res = await putRole(admin, staff.uid, 'viewer').expect(200);
    expect(AccountSchema.parse(res.body)).toMatchObject({ uid: staff.uid, email: staff.email, role: 'viewer' });
    expect(await storedRole(staff)).toBe('viewer');
    const [entry] = await readHistory(ctx.app, admin);
    expect(entry).toMatchObject({ email: admin.email, bookName: staff.email, task: `Role of ${staff.email} set to viewer` });

    const refused = await request(ctx.app).post('/api/book/0123456789abcdef01234567/restock').set(bearer(staff)).send({ amount: 1 });
    expect(refused.status).toBe(403);
  });

  it('makes a viewer staff, and an admin may make another admin', async () => {
    await putRole(admin, viewer.uid, 'staff').expect(200);
    await putRole(admin, staff.uid, 'admin').expect(200);
    expect([await storedRole(viewer), await storedRole(staff)]).toEqual(['staff', 'admin']);
    await request(ctx.app).get('/api/users').set(bearer(staff)).expect(200);
  });

  it('answers the account unchanged, and records nothing, when it already has the role', async () => {
    await putRole(admin, staff.uid, 'staff').expect(200);
    expect(await readHistory(ctx.app, admin)).toEqual([]);
  });

  it('refuses to demote the last admin (409) and changes and records nothing', async () => {
    const res = await putRole(admin, admin.uid, 'staff').expect(409);
    expect(apiError(res.body)).toMatchObject({
      code: 'conflict',
      message: `${admin.email} is the last admin; make another account admin first`,
    });
    expect(await storedRole(admin)).toBe('admin');
    expect(await readHistory(ctx.app, admin)).toEqual([]);
  });

  it('lets an admin step down when another admin remains', async () => {
    await putRole(admin, staff.uid, 'admin').expect(200);
    await putRole(admin, admin.uid, 'viewer').expect(200);
    expect(await storedRole(admin)).toBe('viewer');
  });

  it('never leaves the team without an admin when the two last admins demote each other at once', async () => {
    await putRole(admin, staff.uid, 'admin').expect(200);
    const answers = await Promise.all([putRole(admin, staff.uid, 'viewer'), putRole(staff, admin.uid, 'viewer')]);
    expect(answers.map((r) => r.status).filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    expect([await storedRole(admin), await storedRole(staff)]).toContain('admin');
  });

  it('answers 404 for an account that has never signed in', async () => {
    expect(apiError((await putRole(admin, 'no-such-uid', 'staff').expect(404)).body).message).toBe('Account not found');
  });

  it.each<[string, () => string, unknown, string]>([
    ['an unknown role', () => staff.uid, 'owner', 'role'],
    ['no role', () => staff.uid, undefined, 'role'],
    ['a malformed uid', () => 'a.b', 'staff', 'uid'],
  ])('refuses %s with 400 naming the field', async (_label, target, role, field) => {
    const res = await putRole(admin, target(), role).expect(400);
    expect(Object.keys(apiError(res.body).fields ?? {})).toEqual([field]);
    expect(await storedRole(staff)).toBe('staff');
  });

  it.each([
    ['staff', staff],
    ['a viewer', viewer],
  ])('answers 403 to %s and changes nothing', async (_label, user) => {
    await putRole(user, user.uid, 'admin').expect(403);
    expect(await storedRole(user)).toBe(user === staff ? 'staff' : 'viewer');
    expect(await readHistory(ctx.app, admin)).toEqual([]);
  });
});
