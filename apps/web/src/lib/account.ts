import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Account } from '@book-warehouse/types';
import { canChangeStock, type Role } from '@book-warehouse/types/roles';
import { apiRequest } from './api-client';
import { useAuth } from './auth';
import { queryRoots } from './query-keys';

/**
 * The signed-in account and its role (GET /api/me), for every part of the app: the screens show write
 * buttons only to a role that may use them (docs/decisions/009-roles.md). The API checks the role on every
 * request anyway; this only spares a viewer buttons that would answer 403.
 */
export const accountKeys = { me: (uid: string) => [...queryRoots.account, uid] as const };

/**
 * The account as last read on this device, so that a floor app opened without a network knows the clerk's role (a
 * viewer queues nothing, docs/decisions/029-offline-queue.md); the API checks the role again when the queue is sent.
 */
const storedKey = (uid: string) => `book-warehouse.account.${uid}`;

function storedAccount(uid: string): Account | undefined {
  try {
    const text = localStorage.getItem(storedKey(uid));
    return text ? (JSON.parse(text) as Account) : undefined;
  } catch {
    return undefined;
  }
}

const getAccount = async (signal?: AbortSignal) => {
  const account = await apiRequest('/me', { schema: (s) => s.AccountSchema, signal });
  try {
    localStorage.setItem(storedKey(account.uid), JSON.stringify(account));
  } catch {
    // Storage turned off: the role is known online only.
  }
  return account;
};

export function useAccount() {
  const { user } = useAuth();
  const uid = user?.uid;
  const stored = useMemo(() => (uid ? storedAccount(uid) : undefined), [uid]);
  return useQuery({
    queryKey: accountKeys.me(user?.uid ?? ''),
    queryFn: ({ signal }) => getAccount(signal),
    enabled: user !== null,
    placeholderData: stored,
  });
}

export interface Permissions {
  /** Undefined while nobody is signed in or the role is loading. */
  role?: Role;
  /** Staff and admins change books and stock: the write buttons show. */
  canChangeStock: boolean;
  /** The role is known and may not change stock (a viewer): the screens say why there are no buttons. */
  viewOnly: boolean;
  isAdmin: boolean;
}

/** What the signed-in user may do; nothing until the role is known. */
export function usePermissions(): Permissions {
  const role = useAccount().data?.role;
  const may = role !== undefined && canChangeStock(role);
  return { role, canChangeStock: may, viewOnly: role !== undefined && !may, isAdmin: role === 'admin' };
}
