import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@web/components/ui/use-toast';
import { endSessionLocally } from '@web/lib/session';
import { useLogout } from '../api/auth-mutations';

/** Spec part 1 §4: logout clears the user, cached reads and generator data, then goes to /. */
export function useSignOut() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { mutateAsync, isPending } = useLogout();

  const signOut = useCallback(async () => {
    try {
      await mutateAsync();
    } catch {
      return; // told by the error policy (src/web/lib/error-policy.ts)
    }
    // endSessionLocally marks the sign-out, so the guard of the page being left also heads to /.
    endSessionLocally(client);
    navigate('/', { replace: true });
    toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
  }, [client, mutateAsync, navigate]);

  return { signOut, isPending };
}
