import { z } from 'zod';
import { envelope } from './envelope.js';

/**
 * Announcements (issue 28, decision 0065): a news line a director posts to every player, or an agent to
 * the players of its downline, shown in the player app as a ticker from `startsAt` to `endsAt`.
 */
export const ANNOUNCEMENT_MAX_CHARS = 280;
/** Longest an announcement may run: a news line, not a standing notice (a banner is for those). */
export const ANNOUNCEMENT_MAX_DAYS = 90;

const instant = z.string().datetime({ offset: true, error: 'A time looks like 2026-11-29T18:30:00+05:30' });

export const announcementRequestSchema = z
  .object({
    message: z
      .string()
      .trim()
      .min(1, 'Write the announcement')
      .max(ANNOUNCEMENT_MAX_CHARS, `At most ${ANNOUNCEMENT_MAX_CHARS} characters`),
    startsAt: instant,
    endsAt: instant,
  })
  .refine((body) => Date.parse(body.endsAt) > Date.parse(body.startsAt), {
    message: 'The end comes after the start',
    path: ['endsAt'],
  })
  .refine((body) => Date.parse(body.endsAt) - Date.parse(body.startsAt) <= ANNOUNCEMENT_MAX_DAYS * 86_400_000, {
    message: `An announcement runs at most ${ANNOUNCEMENT_MAX_DAYS} days`,
    path: ['endsAt'],
  });
export type AnnouncementRequest = z.infer<typeof announcementRequestSchema>;

/** As the back office lists it: who posted it and whose players read it (null: every player). */
export const announcementSchema = z.object({
  _id: z.string(),
  message: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  author: z.object({ _id: z.string(), name: z.string(), username: z.string() }),
  /** The agent whose downline reads it; null for the operator's, read by every player. */
  audience: z.object({ _id: z.string(), name: z.string(), username: z.string() }).nullable(),
  status: z.enum(['scheduled', 'active', 'ended']),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementEnvelope = envelope(announcementSchema);
export const announcementListEnvelope = envelope(z.object({ items: z.array(announcementSchema) }));

/** What a player's ticker shows: the active lines of its uplines and the operator's, newest start first. */
export const playerAnnouncementSchema = z.object({ _id: z.string(), message: z.string(), endsAt: z.string() });
export type PlayerAnnouncement = z.infer<typeof playerAnnouncementSchema>;
export const playerAnnouncementListEnvelope = envelope(z.object({ items: z.array(playerAnnouncementSchema) }));
