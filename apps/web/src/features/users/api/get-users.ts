import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './keys';

/** Accounts per page of the team screen; one more is asked for, to know whether a next page exists. */
export const TEAM_PAGE_SIZE = 50;

/** A page of the accounts that have signed in, by e-mail (GET /users: admins only). */
const getUsers = (page: number, signal?: AbortSignal) =>
  apiRequest('/users', { query: { page, limit: TEAM_PAGE_SIZE + 1 }, schema: (s) => s.AccountSchema.array(), signal });

const usersQueryOptions = (page: number) =>
  queryOptions({ queryKey: userKeys.page(page, TEAM_PAGE_SIZE + 1), queryFn: ({ signal }) => getUsers(page, signal) });

export const useUsers = (page: number) => useQuery({ ...usersQueryOptions(page), placeholderData: keepPreviousData });
