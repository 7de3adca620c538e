import type { Queryable } from '../../db/database.js';
import type { GameRow } from './casino-repository.js';
import { GAME_COLUMNS } from './casino-repository.js';

/** A player's favourite games and the games they launched lately (from their launch sessions). */
export function createMyGamesRepository(db: Queryable) {
  return {
    async favourites(userId: string): Promise<GameRow[]> {
      const result = await db.query<GameRow>(
        `select ${GAME_COLUMNS} from casino_favourites f join casino_games g on g.id = f.game_id join casino_providers p on p.id = g.provider_id
         where f.user_id = $1 and g.enabled and p.active order by f.created_at desc, g.id limit 100`,
        [userId],
      );
      return result.rows;
    },
    /** Distinct games of the player's latest launches, newest first. */
    async recent(userId: string, limit: number): Promise<GameRow[]> {
      const result = await db.query<GameRow>(
        `select ${GAME_COLUMNS} from (
           select game_id, max(created_at) as last_at from casino_sessions where user_id = $1 group by game_id order by last_at desc limit $2
         ) s join casino_games g on g.id = s.game_id join casino_providers p on p.id = g.provider_id
         where g.enabled and p.active order by s.last_at desc`,
        [userId, limit],
      );
      return result.rows;
    },
    async addFavourite(userId: string, gameId: number, at: Date): Promise<void> {
      await db.query(
        'insert into casino_favourites (user_id, game_id, created_at) values ($1, $2, $3) on conflict do nothing',
        [userId, gameId, at],
      );
    },
    async removeFavourite(userId: string, gameId: number): Promise<void> {
      await db.query('delete from casino_favourites where user_id = $1 and game_id = $2', [userId, gameId]);
    },
  };
}
