import type { CasinoBet, CasinoGame } from '@khel/contract';
import { categoryName } from './category-name';

/** Which lobby: /slots (slot games) or /live-casino (every other game: tables, live dealers). */
export type CasinoKind = 'slots' | 'live';

export interface ProviderOption {
  code: string;
  name: string;
}

export interface GameFilter {
  provider: string;
  category: string;
  search: string;
}

export const NO_FILTER: GameFilter = { provider: '', category: '', search: '' };

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();

/** Providers of a lobby, in order of first appearance, each once (the provider select). */
export function providersOf(games: readonly CasinoGame[]): ProviderOption[] {
  const seen = new Map<string, string>();
  for (const game of games) if (!seen.has(game.provider_code)) seen.set(game.provider_code, game.provider_name);
  return [...seen].map(([code, name]) => ({ code, name }));
}

/** Categories in lobby order, each once, with how many games they hold. */
export function categoriesOf(games: readonly CasinoGame[]): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const game of games) counts.set(game.game_category, (counts.get(game.game_category) ?? 0) + 1);
  return [...counts].map(([name, count]) => ({ name, count }));
}

/**
 * Provider (code), category (exact) and search: every word typed must appear in the title, provider or
 * category, ignoring case and accents ("dragon orig" finds Dragon Tiger by Khel Originals).
 */
export function filterGames(games: readonly CasinoGame[], filter: GameFilter): CasinoGame[] {
  const words = fold(filter.search).split(/\s+/).filter(Boolean);
  return games.filter((game) => {
    if (filter.provider !== '' && game.provider_code !== filter.provider) return false;
    if (filter.category !== '' && game.game_category !== filter.category) return false;
    if (words.length === 0) return true;
    // The category as shown too, so a Hindi reader finds Slots by typing स्लॉट.
    const haystack = fold(
      `${game.title} ${game.provider_name} ${game.game_category} ${categoryName(game.game_category)}`,
    );
    return words.every((word) => haystack.includes(word));
  });
}

/** Games grouped by category, groups and games in lobby order (one carousel per group). */
export function groupByCategory(games: readonly CasinoGame[]): { category: string; games: CasinoGame[] }[] {
  const groups = new Map<string, CasinoGame[]>();
  for (const game of games) {
    const group = groups.get(game.game_category);
    if (group) group.push(game);
    else groups.set(game.game_category, [game]);
  }
  return [...groups].map(([category, list]) => ({ category, games: list }));
}

/** A game named in the address (?play=): its id or its code, as POST /play-game accepts either. */
export function findGame(games: readonly CasinoGame[], idOrCode: string): CasinoGame | undefined {
  return games.find((game) => game._id === idOrCode) ?? games.find((game) => game.game_code === idOrCode);
}

/**
 * The rounds of one lobby in the casino history. The server writes the kind into the description
 * (`Slots / <provider> / d/m/yyyy` or `Live Casino / <provider> / d/m/yyyy`, PRODUCT.md §4), which
 * also holds for games no longer in the lobby.
 */
export function roundsOf(kind: CasinoKind, rounds: readonly CasinoBet[]): CasinoBet[] {
  const prefix = kind === 'slots' ? 'Slots / ' : 'Live Casino / ';
  return rounds.filter((round) => round.description.startsWith(prefix));
}
