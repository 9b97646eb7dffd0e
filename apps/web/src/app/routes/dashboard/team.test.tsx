import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'firebase/auth';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { AuthContext } from '../../../lib/auth';
import { testAccount } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { TeamPage } from './team';

// /dashboard/team: 'Manage Team', the admins' screen of accounts and roles (docs/rules.md, Roles).

const admin = testAccount({ uid: 'uid-admin', email: 'admin@example.com', name: 'Ada Admin', role: 'admin' });
const operator = testAccount({ uid: 'uid-ops', email: 'ops@example.com', name: 'Olga Ops', role: 'admin', adminByConfig: true });
const sam = testAccount({ uid: 'uid-sam', email: 'sam@example.com', name: 'Sam Staff', role: 'staff' });
const vic = testAccount({ uid: 'uid-vic', email: 'vic@example.com', name: 'Vic Viewer', role: 'viewer' });

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

const renderTeam = (account: ReturnType<typeof testAccount>, ui: ReactNode = <TeamPage />) =>
  renderWithApp(ui, { path: paths.dashboard.team, account });
const row = async (email: string) => (await screen.findByText(email)).closest('li')!;
const puts = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

describe('Manage Team for an admin', () => {
  it('lists every account with its role, a page at a time', async () => {
    const fetchMock = stubFetch(() => json([admin, operator, sam, vic]));
    renderTeam(admin);
    expect(screen.getByRole('heading', { name: 'Manage Team' })).toBeInTheDocument();
    expect(within(await row('sam@example.com')).getByLabelText('Role of sam@example.com')).toHaveValue('staff');
    expect(within(await row('vic@example.com')).getByLabelText('Role of vic@example.com')).toHaveValue('viewer');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/users?page=0&limit=51');
  });

  it('changes a role with the select and Save, and says so', async () => {
    const fetchMock = stubFetch((_url, init) => (init?.method === 'PUT' ? json({ ...vic, role: 'staff' }) : json([admin, vic])));
    renderTeam(admin);
    const vicRow = await row('vic@example.com');
    const save = within(vicRow).getByRole('button', { name: 'Save the role of vic@example.com' });
    expect(save).toBeDisabled();

    await userEvent.selectOptions(within(vicRow).getByLabelText('Role of vic@example.com'), 'staff');
    await userEvent.click(save);

    expect(await screen.findByText('Role of vic@example.com set to staff')).toBeInTheDocument();
    const [[url, init]] = puts(fetchMock) as [[string, RequestInit]];
    expect(url).toBe('/api/users/uid-vic/role');
    expect(JSON.parse(init.body as string)).toEqual({ role: 'staff' });
  });

  it("shows the server's refusal (the last admin) and puts the select back", async () => {
    stubFetch((_url, init) =>
      init?.method === 'PUT'
        ? json({ error: { code: 'conflict', message: 'admin@example.com is the last admin; make another account admin first' } }, 409)
        : json([admin]),
    );
    renderTeam(admin);
    const select = within(await row('admin@example.com')).getByLabelText('Role of admin@example.com');
    await userEvent.selectOptions(select, 'viewer');
    await userEvent.click(screen.getByRole('button', { name: 'Save the role of admin@example.com' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('admin@example.com is the last admin; make another account admin first');
    expect(select).toHaveValue('admin');
  });

  it('offers no control for an account that ADMIN_EMAILS makes an admin', async () => {
    stubFetch(() => json([operator]));
    renderTeam(admin);
    const opsRow = await row('ops@example.com');
    expect(within(opsRow).queryByRole('combobox')).not.toBeInTheDocument();
    expect(opsRow).toHaveTextContent("Admin through the server's ADMIN_EMAILS setting");
  });
});

describe('Manage Team for an account ADMIN_EMAILS names, its e-mail not verified yet', () => {
  const pat = testAccount({ uid: 'uid-pat', email: 'pat@example.com', name: 'Pat Pending', role: 'staff', pendingAdminByConfig: true });
  /** Only what the notice uses of a Firebase user: `reload` finds its e-mail verified when `verifies`. */
  const firebaseUser = (verifies: boolean) => {
    const user: Pick<User, 'uid' | 'email' | 'emailVerified' | 'reload' | 'getIdToken'> = {
      uid: pat.uid,
      email: pat.email,
      emailVerified: false,
      reload: () => Promise.resolve(void Object.assign(user, { emailVerified: verifies })),
      getIdToken: vi.fn(() => Promise.resolve('fresh-token')),
    };
    return user;
  };
  const renderAs = (user: ReturnType<typeof firebaseUser>) =>
    renderTeam(
      pat,
      <AuthContext.Provider value={{ user: user as User, ready: true }}>
        <TeamPage />
      </AuthContext.Provider>,
    );

  it('says so, and once the e-mail is verified renews the token and shows the team without signing out', async () => {
    const fetchMock = stubFetch((url) => (url.pathname === '/api/me' ? json({ ...pat, role: 'admin', adminByConfig: true }) : json([pat])));
    const user = firebaseUser(true);
    renderAs(user);
    expect(screen.getByText('Your e-mail is named in ADMIN_EMAILS: your account becomes admin once its e-mail is verified.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'I have verified my e-mail: check again' }));

    expect(await screen.findByRole('list', { name: 'Accounts' })).toBeInTheDocument();
    expect(user.getIdToken).toHaveBeenCalledWith(true);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/me', '/api/users?page=0&limit=51']);
  });

  it('says the e-mail is not verified yet when it is not, and asks for nothing', async () => {
    const fetchMock = stubFetch(() => json([]));
    const user = firebaseUser(false);
    renderAs(user);
    await userEvent.click(screen.getByRole('button', { name: 'I have verified my e-mail: check again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your e-mail is not verified yet; follow the link in the verification e-mail first',
    );
    expect(user.getIdToken).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('Manage Team for everyone else', () => {
  it.each([
    ['staff', sam, 'staff'],
    ['a viewer', vic, 'a viewer'],
  ])('tells %s that only admins manage the team, and lists nobody', (_label, account, said) => {
    const fetchMock = stubFetch(() => json([]));
    renderTeam(account);
    expect(screen.getByRole('heading', { name: 'Manage Team' })).toBeInTheDocument();
    expect(screen.getByText(`Only admins manage the team. Your account is ${said}; ask an admin to change its role.`)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Accounts' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
