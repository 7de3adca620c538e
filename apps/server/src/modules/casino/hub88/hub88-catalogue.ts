import type { Hub88Game } from '@khel/contract';
import type { Database } from '../../../db/database.js';
import type { Hub88Client } from './hub88-client.js';
import { createHub88Repository } from './hub88-repository.js';

/** Game codes the catalogue keeps (casino_games' check, migration 0030). */
const GAME_CODE = /^[a-z0-9][a-z0-9_-]{1,79}$/;

/** A live-dealer game by Hub88's category (Live Roulette, Live Baccarat, Live Dealer, …); else a slot. */
export function isLiveCategory(category: string): boolean {
  return /\blive\b/i.test(category);
}

/**
 * The aggregator's game list into the lobby (decision 0046): title, image, category, studio and live or
 * slot from Hub88; order, switch and hiding stay the operators' (back office). A code our catalogue
 * cannot hold is left out and counted.
 */
export async function importHub88Catalogue(
  deps: { db: Database; client: Hub88Client; providerId: number },
  options: { enableNew: boolean },
): Promise<{ added: string[]; updated: string[]; disabled: number; skipped: string[] }> {
  const games: Hub88Game[] = await deps.client.gameList();
  const kept = games.filter((game) => GAME_CODE.test(game.game_code));
  const result = await createHub88Repository(deps.db).importGames(
    deps.providerId,
    kept.map((game) => ({
      code: game.game_code,
      title: game.name.slice(0, 80),
      category: game.category.slice(0, 60),
      image: (game.url_thumb ?? '').slice(0, 500),
      isSlot: !isLiveCategory(game.category),
      studio: game.product.slice(0, 60),
      enabled: game.enabled,
    })),
    options.enableNew,
  );
  return { ...result, skipped: games.filter((game) => !GAME_CODE.test(game.game_code)).map((game) => game.game_code) };
}
