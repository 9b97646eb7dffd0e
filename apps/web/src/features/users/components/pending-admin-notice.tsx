import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/notify';
import { useAuth } from '../../../lib/auth';
import { queryRoots } from '../../../lib/query-keys';

const NOT_VERIFIED_YET = 'Your e-mail is not verified yet; follow the link in the verification e-mail first';

/**
 * For the signed-in account that ADMIN_EMAILS names while its e-mail is unverified (docs/decisions/009-roles.md).
 * The e-mail's link is followed outside the app and the token in hand says unverified until it is renewed (up to
 * an hour), so 'Check again' renews it at once: the admin role then applies without signing out.
 */
export function PendingAdminNotice() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const recheck = useMutation({
    mutationFn: async () => {
      if (!user) return false;
      await user.reload();
      if (!user.emailVerified) return false;
      await user.getIdToken(true);
      return true;
    },
    onSuccess: (verified) => (verified ? queryClient.invalidateQueries({ queryKey: queryRoots.account }) : notify.error(NOT_VERIFIED_YET)),
    onError: () => notify.error('Your account could not be checked; check your connection and try again'),
  });
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
      <p>Your e-mail is named in ADMIN_EMAILS: your account becomes admin once its e-mail is verified.</p>
      <Button onClick={() => recheck.mutate()} disabled={recheck.isPending}>
        I have verified my e-mail: check again
      </Button>
    </div>
  );
}
