import type { Role } from '@book-warehouse/types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

const setRole = ({ uid, role }: { uid: string; role: Role }) =>
  apiRequest(`/users/${encodeURIComponent(uid)}/role`, { method: 'PUT', body: { role }, schema: (s) => s.AccountSchema });

/** Changes an account's role; the list, the admin's own account (an admin may step down) and the history follow. */
export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRole,
    onSuccess: () =>
      Promise.all(
        [queryRoots.users, queryRoots.account, queryRoots.histories].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
