import type { Database } from '../../../db/database.js';
import { fail } from '../../../lib/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import { HOUSE_CRASH, HOUSE_PROVIDER_CODE, HOUSE_SLOTS, HOUSE_TABLES } from './house-games.js';
import type { HouseTable } from './house-games.js';
import { createHouseRepository } from './house-repository.js';
import { createHouseSessions } from './house-session.js';
import { createHouseSlots } from './house-slots.js';
import { createHouseTables } from './house-tables.js';
import type { HouseWalletClient } from './house-wallet-client.js';

/**
 * The built-in house provider (PRODUCT.md §1): a game server that plays the slot and the shared table
 * rounds with @khel/casino-games and moves money only through the signed seamless wallet, over HTTP,
 * exactly as an external provider would. It keeps its own books (seed pairs, spins, rounds, bets).
 *
 * Tables run in this process: the state machine in memory, every transition written to the database.
 * On start, a round cut off by a restart is voided (its stakes rolled back) and credits that did not
 * get through are retried.
 */
export function createHouseCasinoService(deps: { db: Database; clock: Clock; wallet: HouseWalletClient }) {
  const { db, clock, wallet } = deps;
  const repository = createHouseRepository(db);
  const sessions = createHouseSessions({ clock, wallet });
  const { session, balanceOf } = sessions;
  const slots = createHouseSlots({ repository, clock, wallet, sessions });
  const tables = createHouseTables({ repository, clock, wallet, sessions });
  const { tick } = tables;
  let timer: NodeJS.Timeout | null = null;

  /** Retries what did not get through: credits of settled table bets and of spins, and spins whose debit is unknown. */
  async function sweep(): Promise<void> {
    await tables.sweep();
    await slots.sweep();
  }

  /** At start: loads the tables, voids rounds a restart cut off, and sweeps. */
  async function recover(): Promise<void> {
    await tables.voidCutOff();
    await sweep();
  }

  return {
    providerCode: HOUSE_PROVIDER_CODE,
    tick,

    recover,
    sweep,

    /** Runs the table loops every 250 ms (started when the server listens). */
    start(): void {
      if (timer !== null) return;
      void recover().catch(() => undefined);
      let ticks = 0;
      timer = setInterval(() => {
        ticks += 1;
        void tick().catch(() => undefined);
        if (ticks % 120 === 0) void sweep().catch(() => undefined);
      }, 250);
      timer.unref();
    },
    /** Stops the loops; an unfinished round stays in the database and is voided on the next start. */
    stop(): void {
      if (timer !== null) clearInterval(timer);
      timer = null;
    },

    /** The player behind a launch token (re-checked with the wallet now and then). */
    player: session,

    async session(token: string | undefined, gameCode: string) {
      const player = await session(token);
      if (gameCode === HOUSE_CRASH.code) {
        return {
          playerName: player.playerName,
          balance: await balanceOf(player.playerId),
          currency: 'INR' as const,
          game: { code: HOUSE_CRASH.code, title: HOUSE_CRASH.title, kind: 'crash' as const, tableId: HOUSE_CRASH.code },
        };
      }
      const slot = HOUSE_SLOTS.find((candidate) => candidate.code === gameCode);
      const spec = HOUSE_TABLES.find((candidate) => candidate.code === gameCode);
      if (slot === undefined && spec === undefined) fail('NOT_FOUND', 'No such game');
      return {
        playerName: player.playerName,
        balance: await balanceOf(player.playerId),
        currency: 'INR' as const,
        game:
          slot !== undefined
            ? { code: slot.code, title: slot.title, kind: 'slot' as const, tableId: null }
            : {
                code: (spec as HouseTable).code,
                title: (spec as HouseTable).title,
                kind: (spec as HouseTable).config.game.kind,
                tableId: (spec as HouseTable).code,
              },
      };
    },

    async balance(token: string | undefined) {
      return { balance: await balanceOf((await session(token)).playerId) };
    },
    slotInfo: slots.slotInfo,
    spin: slots.spin,
    rotateSeed: slots.rotateSeed,
    tableView: tables.tableView,
    placeBet: tables.placeBet,

    // Provably fair: anyone may check a finished round or a spin whose seed pair was rotated.
    verifyTableRound: tables.verifyTableRound,
    verifySpin: slots.verifySpin,
  };
}
export type HouseCasinoService = ReturnType<typeof createHouseCasinoService>;
