import type { CasinoWalletResponse } from '@khel/contract';
import { AppError } from '../../../lib/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import { HttpError } from '../../../lib/http-error.js';
import type { HouseWalletClient } from './house-wallet-client.js';

/** A launch token is re-checked with the wallet this often, so a blocked player is stopped soon. */
const SESSION_RECHECK_MS = 60_000;

export interface HouseSession {
  playerId: string;
  playerName: string;
  checkedAtMs: number;
}

/** Turns a wallet refusal into the player's message. */
export function refusal(answer: CasinoWalletResponse): never {
  switch (answer.data.status) {
    case 'INSUFFICIENT_FUNDS':
      throw new AppError('WALLET_INSUFFICIENT_FUNDS');
    case 'PLAYER_BLOCKED':
      throw new AppError('FORBIDDEN', 'You may not play this game now');
    case 'TOKEN_INVALID':
    case 'PLAYER_NOT_FOUND':
      throw new HttpError(401, 'UNAUTHENTICATED', 'Your game session has ended, open the game again');
    case 'GAME_NOT_FOUND':
      throw new AppError('NOT_FOUND', 'This game is not available');
    default:
      throw new AppError('CONFLICT', answer.meta.message);
  }
}

/** Launch tokens to players, checked with the wallet and re-checked now and then; balances from the wallet. */
export function createHouseSessions(deps: { clock: Clock; wallet: HouseWalletClient }) {
  const { clock, wallet } = deps;
  const sessions = new Map<string, HouseSession>();

  async function session(token: string | undefined): Promise<HouseSession> {
    if (token === undefined || token.length < 10 || token.length > 200)
      throw new HttpError(401, 'UNAUTHENTICATED', 'Open the game from the casino lobby');
    const nowMs = clock.now().getTime();
    const known = sessions.get(token);
    if (known !== undefined && nowMs - known.checkedAtMs < SESSION_RECHECK_MS) return known;
    const answer = await wallet.authenticate(token);
    if (answer.data.status !== 'OK' || answer.data.playerId === null) {
      sessions.delete(token);
      refusal(answer);
    }
    const fresh = { playerId: answer.data.playerId, playerName: answer.data.playerName ?? '', checkedAtMs: nowMs };
    if (sessions.size > 10_000) sessions.clear();
    sessions.set(token, fresh);
    return fresh;
  }

  async function balanceOf(playerId: string): Promise<number> {
    const answer = await wallet.balance(playerId);
    if (answer.data.status !== 'OK') refusal(answer);
    return answer.data.balance ?? 0;
  }

  return { session, balanceOf };
}
export type HouseSessions = ReturnType<typeof createHouseSessions>;
