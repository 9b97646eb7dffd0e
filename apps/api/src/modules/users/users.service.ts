import { roleChangedTask, type Account, type Role } from '@book-warehouse/types';
import type { AuthUser, Caller } from '../../lib/auth-user';
import type { Clock } from '../../lib/display-time';
import { AppError, notFound } from '../../lib/errors';
import type { HistoryService } from '../history/history.service';
import type { UserDoc, UsersRepository } from './users.repository';

export interface RoleSettings {
  /** Accounts that are admins whatever their stored role once their e-mail is verified (ADMIN_EMAILS), lower case. */
  adminEmails: string[];
  /** The role a new account gets (DEFAULT_ROLE; `staff` with the Auth Emulator, else `viewer`). */
  defaultRole: Role;
}

/** How often an account's last-seen time is written: once a minute is enough, and reads stay reads. */
const LAST_SEEN_EVERY_MS = 60_000;

/**
 * Accounts and their roles (docs/decisions/009-roles.md). An account is recorded on its first authenticated
 * request; its role is read again on every request (cached until an account is written, users.repository.ts),
 * so a change applies to the very next one.
 */
export function createUsersService(deps: { users: UsersRepository; history: HistoryService; clock: Clock; roles: RoleSettings }) {
  const { users, history, clock } = deps;
  const adminEmails = new Set(deps.roles.adminEmails);
  const named = (email: string) => adminEmails.has(email);
  /**
   * ADMIN_EMAILS makes an admin only of a verified e-mail (docs/decisions/009-roles.md): with a real Firebase
   * project anyone may register an address first, unconfirmed.
   */
  const byConfig = (who: Pick<UserDoc, 'email' | 'emailVerified'>) => named(who.email) && who.emailVerified === true;
  /** ADMIN_EMAILS wins over the stored role: the operator can always reach the team screen. */
  const roleOf = (who: Pick<UserDoc, 'email' | 'emailVerified'>, stored: Role): Role => (byConfig(who) ? 'admin' : stored);

  const toAccount = (doc: UserDoc): Account => ({
    uid: doc._id,
    email: doc.email,
    name: doc.name,
    role: roleOf(doc, doc.role),
    emailVerified: doc.emailVerified === true,
    adminByConfig: byConfig(doc),
    pendingAdminByConfig: named(doc.email) && !byConfig(doc),
    firstSeen: doc.firstSeen.toISOString(),
    lastSeen: doc.lastSeen.toISOString(),
  });

  return {
    /**
     * The caller with its role: recorded on first sight, its e-mail, name, verification and last-seen time kept
     * current. The token's own `email_verified` decides this request's role.
     */
    async identify(user: AuthUser): Promise<Caller> {
      const now = clock();
      const { uid, email, name, emailVerified } = user;
      let doc = await users.findCached(uid);
      if (!doc) {
        const role = roleOf(user, deps.roles.defaultRole);
        doc = await users.insertIfMissing({ _id: uid, email, name, emailVerified, role, firstSeen: now, lastSeen: now });
      } else if (
        doc.email !== email ||
        doc.name !== name ||
        doc.emailVerified !== emailVerified ||
        now.getTime() - doc.lastSeen.getTime() >= LAST_SEEN_EVERY_MS
      ) {
        await users.touch(uid, { email, name, emailVerified, lastSeen: now });
      }
      return { ...user, role: roleOf(user, doc.role) };
    },

    async me(caller: Caller): Promise<Account> {
      const doc = await users.findById(caller.uid);
      if (!doc) throw notFound('Account');
      return toAccount(doc);
    },

    async list(query: { page: number; limit: number }): Promise<{ accounts: Account[]; total: number }> {
      const { accounts, total } = await users.page(query);
      return { accounts: accounts.map(toAccount), total };
    },

    /**
     * An admin sets an account's role and the history says so. A verified ADMIN_EMAILS account keeps its admin
     * role (409); an unverified one has an ordinary role. The last admin stays one (409): the demotion is
     * written, then undone if no other admin is left, so two admins demoting each other at once cannot both succeed.
     */
    async setRole(admin: Caller, uid: string, role: Role): Promise<Account> {
      const target = await users.findById(uid);
      if (!target) throw notFound('Account');
      if (byConfig(target) && role !== 'admin') {
        throw new AppError('conflict', 409, `${target.email} is an admin through ADMIN_EMAILS; change that setting to change its role`);
      }
      if (target.role === role) return toAccount(target);
      const before = await users.setRole(uid, role);
      if (!before) throw notFound('Account');
      if (before.role === 'admin' && !(await users.anotherAdmin(uid, [...adminEmails]))) {
        await users.setRole(uid, 'admin');
        throw new AppError('conflict', 409, `${target.email} is the last admin; make another account admin first`);
      }
      await history.recordAlone(admin, target.email, roleChangedTask(target.email, role));
      return toAccount({ ...before, role });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
