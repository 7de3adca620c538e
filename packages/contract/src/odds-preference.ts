import { z } from 'zod';
import { envelope } from './envelope.js';

/**
 * The player's odds-change preference for bookmaker and fancy bets (issue 13): exact only, accept a
 * better price (the default, decision 0053), or accept a better one and a worse one up to `ticks` ticks away.
 * A tick of a rate is one point (45 → 46), of a fancy line one run (@khel/exchange SPEC BMK-4, FAN-4).
 */
export const ODDS_CHANGE_MODES = ['exact', 'better', 'ticks'] as const;
export type OddsChangeMode = (typeof ODDS_CHANGE_MODES)[number];
export const MAX_ODDS_CHANGE_TICKS = 20;

export const oddsPreferenceSchema = z.object({
  mode: z.enum(ODDS_CHANGE_MODES),
  /** Only with mode `ticks`: how many ticks worse the player accepts, 1 … 20. */
  ticks: z.number().int().min(1).max(MAX_ODDS_CHANGE_TICKS).nullable(),
});
export type OddsPreference = z.infer<typeof oddsPreferenceSchema>;
export const oddsPreferenceEnvelope = envelope(oddsPreferenceSchema);

export const oddsPreferenceUpdateSchema = z.object({
  mode: z.enum(ODDS_CHANGE_MODES),
  ticks: z.number().int().min(1).max(MAX_ODDS_CHANGE_TICKS).optional(),
});
export type OddsPreferenceUpdate = z.infer<typeof oddsPreferenceUpdateSchema>;

/** How the slip and the account menu name each choice. */
export function oddsPreferenceText(preference: OddsPreference): string {
  if (preference.mode === 'better') return 'Accept better odds';
  if (preference.mode === 'ticks')
    return `Accept any change within ${preference.ticks ?? 1} tick${preference.ticks === 1 ? '' : 's'}`;
  return 'Exact odds only';
}
