/** Query keys of the bonus desk; a change invalidates its own list and the audit log. */
export const bonusKeys = {
  offers: ['bonus-offers'] as const,
  grants: (status: string) => ['bonus-grants', status] as const,
  allGrants: ['bonus-grants'] as const,
  playerBonuses: (userId: string) => ['player-bonuses', userId] as const,
  referralSettings: ['referral-settings'] as const,
  referralFlags: ['referral-flags'] as const,
  report: (weeks: number) => ['bonus-report', weeks] as const,
};
