import { ROLES, roleChangedTask, type Account, type Role } from '@book-warehouse/types';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { notify, toastOutcome } from '../../../components/ui/notify';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { TEAM_PAGE_SIZE, useUsers } from '../api/get-users';
import { useSetRole } from '../api/set-role';

/** What each role may do, as the team screen explains it (docs/decisions/009-roles.md). */
const ROLE_MEANINGS: Record<Role, string> = {
  admin: 'every dashboard action, and the team’s roles',
  staff: 'every dashboard action: add, edit, delete, stock and prices',
  viewer: 'sees the dashboard, stock and history; changes nothing',
};

const lastSeen = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The accounts that have signed in, each with its role and a control to change it (admins only). */
export function TeamList() {
  const [page, setPage] = useState(0);
  const users = useUsers(page);
  return (
    <QueryState query={users} loading="Loading the team" loadingClassName="min-h-64">
      {(data) => (
        <div aria-busy={users.isPlaceholderData || undefined} className="flex flex-col gap-4">
          <dl className="grid gap-1 text-sm text-slate-600 sm:grid-cols-[auto_1fr] sm:gap-x-3">
            {ROLES.map((role) => (
              <div key={role} className="contents">
                <dt className="font-semibold text-slate-800">{role}</dt>
                <dd>{ROLE_MEANINGS[role]}</dd>
              </div>
            ))}
          </dl>
          <ul aria-label="Accounts" className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            {data.slice(0, TEAM_PAGE_SIZE).map((account) => (
              <AccountRow key={account.uid} account={account} />
            ))}
          </ul>
          <Pager label="Team pages" page={page} hasNext={data.length > TEAM_PAGE_SIZE} onPage={setPage} />
        </div>
      )}
    </QueryState>
  );
}

function AccountRow({ account }: { account: Account }) {
  const [role, setRole] = useState<Role>(account.role);
  const save = useSetRole();
  const selectId = useId();
  const changed = role !== account.role;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{account.name}</p>
        <p className="text-sm break-all text-slate-600">{account.email}</p>
        <p className="text-xs text-slate-500">Last seen {lastSeen.format(new Date(account.lastSeen))}</p>
        {/* ADMIN_EMAILS makes an admin only of a verified e-mail; until then its role is an ordinary one. */}
        {account.pendingAdminByConfig && (
          <p className="text-sm text-amber-800">Named in ADMIN_EMAILS; becomes admin once its e-mail is verified</p>
        )}
      </div>
      {account.adminByConfig ? (
        <p className="text-sm text-slate-600 sm:max-w-56 sm:text-right">Admin through the server&apos;s ADMIN_EMAILS setting</p>
      ) : (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(
              { uid: account.uid, role },
              {
                ...toastOutcome(roleChangedTask(account.email, role)),
                // Refused (the last admin): the select goes back to the role the account still has.
                onError: (error) => {
                  notify.error(error.message);
                  setRole(account.role);
                },
              },
            );
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
              Role<span className="sr-only"> of {account.email}</span>
            </label>
            <select
              id={selectId}
              value={role}
              onChange={(event) => setRole(event.target.value as Role)}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none"
            >
              {ROLES.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={!changed || save.isPending} aria-label={`Save the role of ${account.email}`}>
            Save
          </Button>
        </form>
      )}
    </li>
  );
}
