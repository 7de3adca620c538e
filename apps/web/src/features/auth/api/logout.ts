import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { endSession, sessionStore } from '../../../lib/auth/session';
import { navigateTo } from '../../../lib/navigation';
import { toast } from '../../../lib/toast';

/** POST /api/v1/logout { user_id }. */
export function logout(userId: string | undefined) {
  // The outcome does not change what happens next, so no toast of its own; a revoked token is fine.
  return apiRequest<null>('/logout', {
    method: 'POST',
    body: userId ? { user_id: userId } : {},
    successToast: false,
    warningToast: false,
    quietStatuses: [401],
  });
}

/** Spec §4: call logout, then always clear the session, go to /login and toast 'Logged Out'. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await logout(sessionStore.get().user?._id);
    } catch {
      // Logged out locally regardless: the player asked to leave.
    } finally {
      endSession();
      queryClient.removeQueries({ queryKey: ['userData'] });
      queryClient.removeQueries({ queryKey: ['my-bets'] });
      navigateTo('/login');
      toast.success(MESSAGES.loggedOut);
    }
  }, [queryClient]);
}
