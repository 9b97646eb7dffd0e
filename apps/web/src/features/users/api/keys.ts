import { queryRoots } from '../../../lib/query-keys';

/** The keys of the team's queries, under one root. */
export const userKeys = {
  all: queryRoots.users,
  page: (page: number, limit: number) => [...queryRoots.users, 'page', page, limit] as const,
};
