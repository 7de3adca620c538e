import { z } from 'zod';
import { DEFAULT_CHIP_VALUES } from './constants.js';
import { envelope } from './envelope.js';

/**
 * The bet slip's stake buttons (issue 31): each player sets their own eight, in whole rupees; a player
 * who never chose gets the specification's chips (`DEFAULT_CHIP_VALUES`, spec §9).
 */
export const STAKE_BUTTON_COUNT = 8;
/** ₹1 … ₹1 crore: a stake button is a shortcut for a stake, which the market's own limits still bound. */
export const MAX_STAKE_BUTTON_RUPEES = 10_000_000;

const stakeButtonValue = z
  .number()
  .int('Whole rupees only')
  .min(1, 'At least ₹1')
  .max(MAX_STAKE_BUTTON_RUPEES, 'At most ₹1,00,00,000');

export const stakeButtonsSchema = z.object({
  values: z.array(stakeButtonValue).length(STAKE_BUTTON_COUNT, `Exactly ${STAKE_BUTTON_COUNT} stake buttons`),
});
export type StakeButtons = z.infer<typeof stakeButtonsSchema>;
export const stakeButtonsEnvelope = envelope(stakeButtonsSchema);

/** PUT /api/v1/stake-buttons: eight values, or `reset` back to the defaults. */
export const stakeButtonsUpdateSchema = z.union([stakeButtonsSchema, z.object({ reset: z.literal(true) })]);
export type StakeButtonsUpdate = z.infer<typeof stakeButtonsUpdateSchema>;

export const DEFAULT_STAKE_BUTTONS: StakeButtons = { values: [...DEFAULT_CHIP_VALUES] };
