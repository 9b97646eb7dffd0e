import request from 'supertest';
import { AccountSchema, type Role } from '@book-warehouse/types';
import { apiError, bearer, readHistory, setRole, useTestApp, useTestUsers, type TestUser } from '../../../test/helpers';

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

const putRole = (caller: TestUser, target: string, role: unknown) =>
  request(ctx.app).put(`/api/users/${target}/role`).set(bearer(caller)).send({ role });

describe('GET /api/me', () => {
  it("records a new account on its first request with the default role, and answers it (staff against the emulator's default)", async () => {
    const res = await request(ctx.app).get('/api/me').set(bearer(newcomer)).expect(200);
    const account = AccountSchema.parse(res.body);
    expect(account).toMatchObject({ uid: newcomer.uid, email: newcomer.email, name: 'Nina Newcomer', role: 'staff', adminByConfig: false });
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
  const withAdminEmail = (user: TestUser) => ctx.variant({ roles: { adminEmails: [user.email], defaultRole: 'viewer' } });

  it('makes a new account named there an admin', async () => {
    const res = await request(withAdminEmail(newcomer)).get('/api/me').set(bearer(newcomer)).expect(200);
    expect(AccountSchema.parse(res.body)).toMatchObject({ role: 'admin', adminByConfig: true });
    expect(await storedRole(newcomer)).toBe('admin');
  });

  it('wins over a stored role: an account named there is an admin whatever is stored', async () => {
    const app = withAdminEmail(viewer);
    await request(app).get('/api/users').set(bearer(viewer)).expect(200);
    expect(AccountSchema.parse((await request(app).get('/api/me').set(bearer(viewer)).expect(200)).body).role).toBe('admin');
  });

  it('keeps its accounts admins: another admin cannot change their role (409), and nothing is stored or recorded', async () => {
    const app = withAdminEmail(staff);
    const res = await request(app).put(`/api/users/${staff.uid}/role`).set(bearer(admin)).send({ role: 'viewer' }).expect(409);
    expect(apiError(res.body).message).toContain('ADMIN_EMAILS');
    expect(await storedRole(staff)).toBe('staff');
    expect(await readHistory(ctx.app, admin)).toEqual([]);
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
