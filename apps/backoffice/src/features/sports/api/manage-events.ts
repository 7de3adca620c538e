import { useMutation } from '@tanstack/react-query';
import type { eventCreateSchema, eventUpdateSchema, leagueCreateSchema, sportCreateSchema } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useRefreshSports } from './keys';

export type SportCreate = ReturnType<typeof sportCreateSchema.parse>;
export type LeagueCreate = ReturnType<typeof leagueCreateSchema.parse>;
export type EventCreate = ReturnType<typeof eventCreateSchema.parse>;
export type EventUpdate = ReturnType<typeof eventUpdateSchema.parse>;

/** What the create calls answer: at least the new item's id and name. */
export interface Created {
  _id: string;
}

export interface Saved<T> {
  data: T;
  message: string;
}

async function send<T>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<Saved<T>> {
  const { data, message } = await apiRequest<T>(path, { method, body });
  return { data, message };
}

export const createSport = (body: SportCreate) => send<Created>('POST', '/backoffice/sports', body);
export const createLeague = (body: LeagueCreate) => send<Created>('POST', '/backoffice/leagues', body);
export const createEvent = (body: EventCreate) => send<Created>('POST', '/backoffice/events', body);
export const updateEvent = (id: string, body: EventUpdate) =>
  send<null>('PUT', `/backoffice/events/${encodeURIComponent(id)}`, body);

/** Forms show field errors themselves (meta.issues), so these mutations are quiet; the form toasts the rest. */
export function useCreateSport() {
  const refresh = useRefreshSports();
  return useMutation({
    mutationFn: createSport,
    meta: { quiet: true },
    onSuccess: ({ message }) => toast.success(message || 'Saved'),
    onSettled: () => refresh(),
  });
}

export function useCreateLeague() {
  const refresh = useRefreshSports();
  return useMutation({
    mutationFn: createLeague,
    meta: { quiet: true },
    onSuccess: ({ message }) => toast.success(message || 'Saved'),
    onSettled: () => refresh(),
  });
}

export function useCreateEvent() {
  const refresh = useRefreshSports();
  return useMutation({
    mutationFn: createEvent,
    meta: { quiet: true },
    onSuccess: ({ message }) => toast.success(message || 'Saved'),
    onSettled: () => refresh(),
  });
}

export function useUpdateEvent() {
  const refresh = useRefreshSports();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EventUpdate }) => updateEvent(id, body),
    meta: { quiet: true },
    onSuccess: ({ message }) => toast.success(message || 'Event saved'),
    onSettled: () => refresh(),
  });
}
