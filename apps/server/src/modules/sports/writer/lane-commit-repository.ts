import type { MarketSnapshot } from '@khel/exchange';
import type { Queryable } from '../../../db/database.js';
import type { ExposureMovesPart } from '../../wallet/wallet-service.js';
import { rowsParams, rowsStatement } from './batch-writes-repository.js';
import type { CommandAppend, ExposureUpsert, FillInsert } from './batch-writes-repository.js';
import { laneCheckStatement, snapshotsStatement } from './market-log-repository.js';
import type { HeldMarks } from './market-log-repository.js';
import type { BetRow } from '../sports-repository.js';

/** What one group commit writes, as the one-statement commit takes it (decision 0039). */
export interface OneStatementCommit {
  marks: readonly HeldMarks[];
  limitsMark: string;
  /** The batch's wallet exposure moves as the wallet's CTEs (parameters after the check's), or none. */
  wallet: ((first: number) => Promise<ExposureMovesPart>) | null;
  /** The batch's idempotency answers as one insert CTE, or none. */
  joined: ((first: number, when: string) => { sql: string; params: unknown[] }) | null;
  rows: {
    bets: readonly BetRow[];
    updates: readonly BetRow[];
    fills: readonly FillInsert[];
    exposures: readonly ExposureUpsert[];
    commands: readonly CommandAppend[];
  };
  /** Books due a snapshot (decision 0027 addendum 0038), saved by the same statement. */
  snapshots: readonly { marketId: string; snapshot: MarketSnapshot }[];
}

const GO = '(select go from lane_go)';

/**
 * The market writer's group commit as ONE statement, committed by PostgreSQL on its own (decision
 * 0039): the markets' locks and the check that the lanes' held state is current, the wallets' overdraw
 * check, then, only if both hold, the wallets' moves, the idempotency answers, the bets, fills,
 * exposures and engine commands, and the books due a snapshot. Each part is the CTE text its own module writes (the wallet's, the
 * idempotency's, the writer's rows'); this file only strings them together in that order.
 */
export function createLaneCommitRepository(db: Queryable) {
  return {
    /**
     * `committed`: everything was written. Otherwise nothing was: `current` false (a lane is behind
     * the database) or `refused` (the first command, by place, that would overdraw). A raise (a key or
     * a command sequence already stored, a CHECK) undoes the statement and reaches the caller.
     */
    async commit(input: OneStatementCommit): Promise<{
      committed: boolean;
      current: boolean;
      refused: number | null;
      wallet: ExposureMovesPart | null;
      /** The wallet part's `figures` as the statement answered them (for its `committed`). */
      walletFigures: unknown;
      rowMarks: Map<string, string>;
    }> {
      const check = laneCheckStatement(input.marks, input.limitsMark, 1);
      const params: unknown[] = [...check.params];
      const wallet = input.wallet === null ? null : await input.wallet(params.length + 1);
      if (wallet !== null) params.push(...wallet.params);
      const joined = input.joined === null ? null : input.joined(params.length + 1, GO);
      if (joined !== null) params.push(...joined.params);
      const rows = rowsStatement(params.length + 1, GO);
      const { bets, updates, fills, exposures, commands } = input.rows;
      params.push(...rowsParams(bets, updates, fills, exposures, commands));
      const snapshots = snapshotsStatement(input.snapshots, params.length + 1, GO);
      params.push(...snapshots.params);
      const sql = `with ${check.sql},
        ${wallet === null ? '' : `${wallet.check('(select ok from lane_checked)')},`}
        lane_go as materialized (select (select ok from lane_checked) ${wallet === null ? '' : 'and (select ord from wallet_refused) is null'} as go),
        ${wallet === null ? '' : `${wallet.move(GO)},`}
        ${joined === null ? '' : `${joined.sql},`}
        ${rows},
        ${snapshots.sql}
        select (select ok from lane_checked) as current, ${wallet === null ? 'null::int' : '(select ord from wallet_refused)'} as refused, ${GO} as committed,
          (select json_object_agg(id, row_mark) from lane_snapshots) as row_marks,
          ${wallet === null ? 'null::json' : `case when ${GO} then ${wallet.figures} end`} as wallets`;
      const name = `lane_commit_${wallet === null ? 'n' : 'w'}${joined === null ? 'n' : 'j'}`;
      const row = (
        await db.query<{
          current: boolean;
          refused: number | null;
          committed: boolean;
          row_marks: Record<string, string> | null;
          wallets: unknown;
        }>(sql, params, name)
      ).rows[0];
      return {
        committed: row?.committed === true,
        current: row?.current === true,
        refused: row?.refused ?? null,
        wallet,
        walletFigures: row?.wallets ?? null,
        rowMarks: new Map(Object.entries(row?.row_marks ?? {})),
      };
    },
  };
}
