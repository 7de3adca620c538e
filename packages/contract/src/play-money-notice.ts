/**
 * PRODUCT.md §5, on every page in play mode. A module of its own: the player app's first screen loads it
 * without the rest of MESSAGES (the initial JavaScript budget).
 */
export const PLAY_MONEY_NOTICE = 'Play money: chips have no cash value';
