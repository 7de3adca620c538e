/**
 * The back office keeps its own keys so an operator signed in to the player app in the same browser
 * (key `token`) is a separate session.
 */
export const STORAGE_KEYS = { token: 'bo_token', theme: 'bo_theme' } as const;

/** localStorage that never throws (private mode, disabled storage): the app then just forgets. */
export { local } from '@khel/web-kit';
