import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Announcement, AnnouncementRequest } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

const key = ['announcements'] as const;

/** The announcements the caller posted and its downline agents posted (a director: all). */
export function useAnnouncements() {
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ items: Announcement[] }>('/backoffice/announcements', { signal })).data.items,
  });
}

/** Posts a new one (no id) or saves an existing one; deletes with `remove`. */
export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: AnnouncementRequest }) =>
      (
        await apiRequest<Announcement>(
          id === null ? '/backoffice/announcements' : `/backoffice/announcements/${encodeURIComponent(id)}`,
          { method: id === null ? 'POST' : 'PUT', body },
        )
      ).message,
    onSuccess: (message) => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
      toast.success(message);
    },
  });
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiRequest<null>(`/backoffice/announcements/${encodeURIComponent(id)}`, { method: 'DELETE' })).message,
    onSuccess: (message) => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
      toast.success(message);
    },
  });
}
