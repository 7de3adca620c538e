import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BonusOffer, BonusOfferCreate } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { bonusKeys } from './keys';

/** GET /api/v1/backoffice/bonus-offers: every offer, paused ones included. */
export async function getOffers(): Promise<BonusOffer[]> {
  return (await apiRequest<BonusOffer[]>('/backoffice/bonus-offers')).data;
}

export function useOffers() {
  return useQuery({ queryKey: bonusKeys.offers, queryFn: getOffers });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: bonusKeys.offers });
    void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
  };
}

/** POST /backoffice/bonus-offers, or PUT /backoffice/bonus-offers/:id with the whole offer (applies to bonuses granted afterwards). */
export async function saveOffer({
  id,
  body,
}: {
  id: string | null;
  body: BonusOfferCreate;
}): Promise<{ offer: BonusOffer; message: string }> {
  const path = id === null ? '/backoffice/bonus-offers' : `/backoffice/bonus-offers/${encodeURIComponent(id)}`;
  const { data, message } = await apiRequest<BonusOffer>(path, { method: id === null ? 'POST' : 'PUT', body });
  return { offer: data, message };
}

export function useSaveOffer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: saveOffer,
    // The form puts meta.issues beside the fields and toasts anything else itself.
    meta: { quiet: true },
    onSuccess: ({ message }, { id }) => toast.success(message || (id === null ? 'Offer created' : 'Offer saved')),
    onSettled: refresh,
  });
}

/** PUT /backoffice/bonus-offers/:id/pause { paused }: a paused offer grants nothing new. */
export async function pauseOffer({ id, paused }: { id: string; paused: boolean }): Promise<BonusOffer> {
  return (
    await apiRequest<BonusOffer>(`/backoffice/bonus-offers/${encodeURIComponent(id)}/pause`, {
      method: 'PUT',
      body: { paused },
    })
  ).data;
}

export function usePauseOffer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: pauseOffer,
    onSuccess: (offer) => toast.success(offer.paused ? `${offer.name} is paused` : `${offer.name} is live again`),
    onSettled: refresh,
  });
}
