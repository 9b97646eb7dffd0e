import { QueryState } from '../../../components/ui/query-state';
import { PendingAdminNotice } from '../../../features/users/components/pending-admin-notice';
import { TeamList } from '../../../features/users/components/team-list';
import { useAccount } from '../../../lib/account';
import { PageHeading } from './page-heading';

/**
 * 'Manage Team' (docs/rules.md, Roles): the admins' screen, listing the accounts that have signed in with
 * their roles; everyone else reads that only admins manage the team (and an account ADMIN_EMAILS names, how to become one).
 */
export function TeamPage() {
  const account = useAccount();
  return (
    <section aria-labelledby="team-heading" className="flex flex-col gap-4">
      <PageHeading id="team-heading">Manage Team</PageHeading>
      <QueryState query={account} loading="Loading your account" loadingClassName="min-h-64">
        {({ role, pendingAdminByConfig }) =>
          role === 'admin' ? (
            <TeamList />
          ) : (
            <>
              {pendingAdminByConfig && <PendingAdminNotice />}
              <p className="rounded-xl bg-white p-6 text-slate-600 shadow-sm ring-1 ring-slate-200">
                Only admins manage the team. Your account is {role === 'staff' ? 'staff' : 'a viewer'}; ask an admin to change its role.
              </p>
            </>
          )
        }
      </QueryState>
    </section>
  );
}
