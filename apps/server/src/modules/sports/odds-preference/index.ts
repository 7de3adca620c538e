// A player's odds preference (accept better odds, any odds). Everything outside odds-preference/ enters here.
export { oddsPreferenceRoutes } from './odds-preference-routes.js';
export { createOddsPreferenceService, oddsPreferenceOf, oddsPreferencesOf } from './odds-preference-service.js';
