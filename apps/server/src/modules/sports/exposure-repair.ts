import type { Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { AuditService } from '../audit/audit-service.js';
import type { WalletService } from '../wallet/wallet-service.js';
import { staleExchangeRows, writeExposureRow } from './positions/index.js';
import type { StaleRow } from './positions/index.js';
import type { MarketRow, RunnerRow } from './sports-repository.js';
import { createSportsRepository } from './sports-repository.js';
import type { MarketBooks } from './writer/index.js';

/** What the repair's audit lines name as their cause (decision 0081). */
export const EXPOSURE_ROWS_REPAIR = 'exposure-rows-from-fills';

/** What the repair reports through: the process's logger (pino's `info(object, message)`). */
export interface RepairLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Settled and voided markets hold no live bet and reserve nothing: nothing to repair there. */
function repairable(market: MarketRow | null): market is MarketRow {
  return market !== null && market.type === 'EXCHANGE' && market.status !== 'settled' && market.status !== 'voided';
}

async function staleRowsOf(q: Queryable, market: MarketRow, runners: readonly RunnerRow[]): Promise<StaleRow[]> {
  const repo = createSportsRepository(q);
  const rows = (await repo.exposuresOfMarket(market.id)).map((row) => ({
    userId: row.user_id,
    wallet: row.wallet,
    exposurePaise: row.exposure_paise,
    outcomes: row.outcomes,
  }));
  return staleExchangeRows(
    market,
    runners,
    await repo.liveBetsOfMarket(market.id),
    await repo.fillsOfMarket(market.id),
    rows,
  );
}

/**
 * Decision 0081: the exposure rows that a fill outside a group commit left behind before commit 82dc13d
 * (a cash out's hedge, an edited offer, a bet whose in-play delay ended filled other players' resting
 * offers but refreshed only their own player's row) recomputed from the live bets and fills of every
 * exchange market still open, and the money they reserve moved with them.
 */
export function createExposureRepair(deps: {
  db: Queryable;
  books: MarketBooks;
  wallet: WalletService;
  audit: AuditService;
}) {
  const { db, books, wallet, audit } = deps;

  /**
   * One market: looked at outside its lock first (most markets are right: no lock, no book), then, if
   * a row disagrees, repaired as a command of the market's writer: under the market's lock, decided
   * again from what the database holds there, every stale row and its wallet written in the command's
   * transaction. Writing players' rows outside the book, the command moves the market's log
   * (`rowsChanged`), so a lane any process holds for the market reads its players again. Each row
   * corrected is audited (actor: the system) once committed; answers them.
   */
  async function repairMarket(marketId: string): Promise<StaleRow[]> {
    const repo = createSportsRepository(db);
    const market = await repo.market(marketId);
    if (!repairable(market)) return [];
    if ((await staleRowsOf(db, market, await repo.runnersOf([marketId]))).length === 0) return [];
    const corrected = await books.withMarket(marketId, async (context) => {
      if (!repairable(context.market)) return [];
      const stale = await staleRowsOf(context.tx, context.market, context.runners);
      for (const row of stale)
        await writeExposureRow(
          context.tx,
          wallet,
          { userId: row.userId, marketId, wallet: row.wallet },
          row.before.exposurePaise,
          row.after.exposurePaise,
          row.after.outcomes,
        );
      return stale;
    });
    for (const row of corrected)
      await audit.record({
        actorId: null,
        action: 'exposure.repair',
        targetType: 'user',
        targetId: row.userId,
        details: {
          repair: EXPOSURE_ROWS_REPAIR,
          marketId,
          wallet: row.wallet,
          before: row.before,
          after: row.after,
        },
        ip: null,
      });
    return corrected;
  }

  /**
   * A refused market in the audit log too (actor: the system, target: the market), so the back office's
   * audit page shows what is left stale without anyone reading the process's log. Once per start that
   * refuses it; a failure to write it is logged and does not stop the start.
   */
  async function auditRefusal(marketId: string, code: string | undefined, error: unknown, log: RepairLog) {
    try {
      await audit.record({
        actorId: null,
        action: 'exposure.repair_refused',
        targetType: 'market',
        targetId: marketId,
        details: {
          repair: EXPOSURE_ROWS_REPAIR,
          code: code ?? null,
          reason: error instanceof Error ? error.message : String(error),
        },
        ip: null,
      });
    } catch (auditError) {
      log.error({ marketId, err: auditError }, 'the refused exposure repair could not be audited');
    }
  }

  /**
   * Every exchange market not settled or voided that has exposure rows or live bets, one after
   * another, each in its own transaction; at every start of the server (decision 0081), so a row an
   * older build's process left stale during a rolling deploy is repaired by the next process started.
   * A market whose repair is refused (a wallet that cannot reserve what its matched bets still risk)
   * is logged, audited (`exposure.repair_refused`) and left as it is, for the next start; the others go on. One line per market repaired,
   * one for the run.
   */
  async function repairOpenMarkets(
    log: RepairLog,
  ): Promise<{ markets: number; repaired: number; rows: number; refused: string[] }> {
    const startedMs = performance.now();
    const marketIds = await createSportsRepository(db).exchangeMarketsHoldingMoney();
    const refused: string[] = [];
    let repaired = 0;
    let rows = 0;
    for (const marketId of marketIds) {
      try {
        const corrected = await repairMarket(marketId);
        if (corrected.length === 0) continue;
        repaired += 1;
        rows += corrected.length;
        log.info(
          {
            marketId,
            rows: corrected.map((row) => ({
              userId: row.userId,
              wallet: row.wallet,
              exposurePaise: [row.before.exposurePaise, row.after.exposurePaise],
            })),
          },
          'exposure rows repaired from their fills',
        );
      } catch (error) {
        refused.push(marketId);
        const code = error instanceof AppError ? error.code : undefined;
        log.error(
          { marketId, code, err: error },
          'exposure rows of a market not repaired; tried again at the next start',
        );
        await auditRefusal(marketId, code, error, log);
      }
    }
    const summary = { markets: marketIds.length, repaired, rows, refused };
    const durationMs = Math.round(performance.now() - startedMs);
    // Always one line for the run, with what it cost: every start waits for it before it listens.
    log.info({ ...summary, durationMs }, 'exposure rows checked against their fills');
    return summary;
  }

  return { repairMarket, repairOpenMarkets };
}
export type ExposureRepair = ReturnType<typeof createExposureRepair>;
