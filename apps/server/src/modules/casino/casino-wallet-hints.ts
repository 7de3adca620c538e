/**
 * What a process learnt from a player's earlier wallet calls, so the next debit or credit can go in ONE
 * round trip (docs/decisions/0028, second addendum). These are hints, never the truth: the statement
 * they feed re-checks everything money and the protocol depend on under its own locks and snapshot
 * (the session, the player's flags, the wallet, the round's state, the claim), and when a hint is
 * wrong it writes nothing and the call is decided by the full path (the context read).
 *
 * - A player's ledger account ids and username never change once made.
 * - The wallet a provider's last debit of the player came from (the session's or the selected one):
 *   the statement requires it again, so a switch of wallet or a new session only costs the full path.
 * - A round's id and wallet, learnt from its debit, so its credit need not read it; forgotten when
 *   the round is credited. A round's wallet never changes once opened.
 */

/** Bounded: the oldest hints go first (a Map keeps insertion order); a forgotten hint costs one round trip. */
const MAX_PLAYERS = 50_000;
const MAX_ROUNDS = 100_000;

export interface PlayerHint {
  accounts: Partial<Record<'main' | 'bonus', number>>;
  username: string;
}

function remember<V>(map: Map<string, V>, max: number, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as string);
}

export function createCasinoWalletHints() {
  const players = new Map<string, PlayerHint>();
  const wallets = new Map<string, 'main' | 'bonus'>();
  const rounds = new Map<string, { id: number; wallet: 'main' | 'bonus' }>();
  const roundKey = (providerId: number, roundId: string, userId: string) => `${providerId}|${userId}|${roundId}`;

  return {
    player: (userId: string): PlayerHint | undefined => players.get(userId),
    /** The wallet the provider's last debit of the player came from. */
    wallet: (providerId: number, userId: string): 'main' | 'bonus' | undefined =>
      wallets.get(`${providerId}|${userId}`),
    round: (providerId: number, roundId: string, userId: string) => rounds.get(roundKey(providerId, roundId, userId)),

    /** After a call's context was read: the player's accounts and name. */
    learnPlayer(userId: string, hint: PlayerHint): void {
      if (!players.has(userId)) remember(players, MAX_PLAYERS, userId, hint);
    },
    /** After a debit went in: its wallet, and its round (open) for the credit to come. */
    learnDebit(
      providerId: number,
      userId: string,
      roundId: string,
      wallet: 'main' | 'bonus',
      round: { id: number; wallet: 'main' | 'bonus'; status: string } | null,
    ): void {
      remember(wallets, MAX_PLAYERS, `${providerId}|${userId}`, wallet);
      if (round !== null && round.status === 'open')
        remember(rounds, MAX_ROUNDS, roundKey(providerId, roundId, userId), { id: round.id, wallet: round.wallet });
    },
    /** The round was credited (or turned out not to be open): its credit needs no hint any more. */
    forgetRound(providerId: number, roundId: string, userId: string): void {
      rounds.delete(roundKey(providerId, roundId, userId));
    },
  };
}
export type CasinoWalletHints = ReturnType<typeof createCasinoWalletHints>;
