import type { Queryable } from '../../db/database.js';
import { exposureMovesStatement, journalStatement } from './wallet-statements-repository.js';
import type { AgentAccountKind, HouseAccountKind, JournalPosting, PlayerAccountKind } from './wallet-types.js';

export type { AgentAccountKind, HouseAccountKind, PlayerAccountKind } from './wallet-types.js';

export interface PlayerBalancesRow {
  kind: PlayerAccountKind;
  balance_paise: number;
  exposure_paise: number;
}

export interface StatementRow {
  id: number;
  amount_paise: number;
  created_at: Date;
  kind: string;
  description: string;
  details: Record<string, unknown>;
  balance_paise: number;
}

/** One entry of a journal transaction found by key, with its account's owner (null for a house account). */
export interface ReversibleEntryRow {
  id: number;
  idempotency_key: string;
  kind: string;
  description: string;
  details: Record<string, unknown>;
  account_id: number;
  amount_paise: number;
  user_id: string | null;
  account_kind: string;
}

export type { JournalPosting } from './wallet-types.js';

export function createWalletRepository(db: Queryable) {
  return {
    async openPlayerAccounts(userId: string, kinds: (PlayerAccountKind | AgentAccountKind)[]): Promise<void> {
      for (const kind of kinds) {
        await db.query(
          `insert into ledger_accounts (kind, user_id, is_player) values ($1, $2, true)
           on conflict (user_id, kind) where user_id is not null do nothing`,
          [kind, userId],
        );
      }
    },
    async playerAccountId(userId: string, kind: PlayerAccountKind): Promise<number | null> {
      const result = await db.query<{ id: number }>('select id from ledger_accounts where user_id = $1 and kind = $2', [
        userId,
        kind,
      ]);
      return result.rows[0]?.id ?? null;
    },
    /** House accounts are made on first use; ref distinguishes e.g. one market pool from another. */
    async houseAccountId(kind: HouseAccountKind, ref = ''): Promise<number> {
      await db.query(
        `insert into ledger_accounts (kind, ref, is_player) values ($1, $2, false)
         on conflict (kind, ref) where user_id is null do nothing`,
        [kind, ref],
      );
      const result = await db.query<{ id: number }>(
        'select id from ledger_accounts where kind = $1 and ref = $2 and user_id is null',
        [kind, ref],
      );
      return (result.rows[0] as { id: number }).id;
    },
    /** Moves a player account's exposure; the CHECK on the row refuses it when it would overdraw. */
    async addExposure(accountId: number, deltaPaise: number): Promise<void> {
      await db.query('update ledger_accounts set exposure_paise = exposure_paise + $2 where id = $1', [
        accountId,
        deltaPaise,
      ]);
    },
    /**
     * Locks the accounts (in id order, as addExposures) and answers the first command, in the order
     * given, whose exposure moves would take a player's available balance below zero if the moves were
     * made one command after another (what the CHECK would refuse), moving nothing; when none would
     * (null), moves them all in the same statement.
     */
    async moveUnlessOverdrawn(rows: { accountId: number; deltaPaise: number; ord: number }[]): Promise<number | null> {
      if (rows.length === 0) return null;
      const part = exposureMovesStatement(rows, 1);
      const result = await db.query<{ ord: number | null }>(
        `with ${part.check('true')}, ${part.move('true')} select (select ord from wallet_refused) as ord, (select count(*) from wallet_moved) as n`,
        part.params,
        'wallet_move_unless_overdrawn',
      );
      return result.rows[0]?.ord ?? null;
    },
    async addExposures(rows: { accountId: number; deltaPaise: number }[]): Promise<void> {
      if (rows.length === 0) return;
      const ids = rows.map((row) => row.accountId);
      await db.query('select id from ledger_accounts where id = any($1::bigint[]) order by id for no key update', [
        ids,
      ]);
      await db.query(
        `update ledger_accounts a set exposure_paise = a.exposure_paise + d.delta
         from (select id, sum(delta)::bigint as delta from unnest($1::bigint[], $2::bigint[]) as u(id, delta) group by id) d where a.id = d.id`,
        [ids, rows.map((row) => row.deltaPaise)],
      );
    },
    /**
     * A player account's journal lines from..to with the running balance after each. The running sum
     * is over the whole history, so it is right whatever range is asked.
     */
    async statementLines(accountId: number, from: Date, to: Date, kinds: string[] | null): Promise<StatementRow[]> {
      const result = await db.query<StatementRow>(
        `select * from (
           select e.id, e.amount_paise, e.created_at, j.kind, j.description, j.details,
                  sum(e.amount_paise) over (order by e.id) as balance_paise
           from journal_entries e join journal_transactions j on j.id = e.transaction_id
           where e.account_id = $1 and e.created_at < $3
         ) lines
         where created_at >= $2 and ($4::text[] is null or kind = any($4::text[]))
         order by id`,
        [accountId, from, to, kinds],
      );
      return result.rows;
    },
    /** Chips given to a player's main wallet since `since` (its deposit limits count them, PRODUCT.md §9). */
    async chipsReceivedSince(userId: string, since: Date): Promise<number> {
      const result = await db.query<{ total: string | number }>(
        `select coalesce(sum(e.amount_paise), 0)::bigint as total
         from journal_transactions t
         join journal_entries e on e.transaction_id = t.id and e.amount_paise > 0
         join ledger_accounts a on a.id = e.account_id and a.user_id = $1 and a.kind = 'player_main'
         where t.kind = 'agent_chips' and t.details->>'targetId' = $1::text and t.created_at >= $2`,
        [userId, since],
      );
      return Number(result.rows[0]?.total ?? 0);
    },
    async balanceBefore(accountId: number, before: Date): Promise<number> {
      const result = await db.query<{ total: number }>(
        'select coalesce(sum(amount_paise), 0)::bigint as total from journal_entries where account_id = $1 and created_at < $2',
        [accountId, before],
      );
      return result.rows[0]?.total ?? 0;
    },
    /** Several players' wallets in one statement (the balance pushes after one commit). */
    async playersBalances(userIds: readonly string[]): Promise<(PlayerBalancesRow & { user_id: string })[]> {
      const result = await db.query<PlayerBalancesRow & { user_id: string }>(
        'select user_id, kind, balance_paise, exposure_paise from ledger_accounts where user_id = any($1::uuid[])',
        [userIds],
        'players_balances',
      );
      return result.rows;
    },
    async playerBalances(userId: string): Promise<PlayerBalancesRow[]> {
      const result = await db.query<PlayerBalancesRow>(
        'select kind, balance_paise, exposure_paise from ledger_accounts where user_id = $1',
        [userId],
      );
      return result.rows;
    },
    async findTransactionByKey(
      idempotencyKey: string,
    ): Promise<{ id: number; kind: string; details: Record<string, unknown> } | null> {
      const result = await db.query<{ id: number; kind: string; details: Record<string, unknown> }>(
        'select id, kind, details from journal_transactions where idempotency_key = $1',
        [idempotencyKey],
      );
      return result.rows[0] ?? null;
    },
    /** Journal transactions whose idempotency key starts with prefix, with their entries. */
    async transactionsByKeyPrefix(prefix: string): Promise<ReversibleEntryRow[]> {
      const result = await db.query<ReversibleEntryRow>(
        `select j.id, j.idempotency_key, j.kind, j.description, j.details, e.account_id, e.amount_paise, a.user_id, a.kind as account_kind
         from journal_transactions j join journal_entries e on e.transaction_id = j.id join ledger_accounts a on a.id = e.account_id
         where j.idempotency_key like $1 order by j.id, e.id`,
        [`${prefix.replace(/[\\%_]/g, (match) => `\\${match}`)}%`],
      );
      return result.rows;
    },
    /** The ids of a player's wallet accounts by kind, in one query. */
    async playerAccountIds(
      userIds: string[],
    ): Promise<{ id: number; user_id: string; kind: PlayerAccountKind | AgentAccountKind }[]> {
      const result = await db.query<{ id: number; user_id: string; kind: PlayerAccountKind | AgentAccountKind }>(
        'select id, user_id, kind from ledger_accounts where user_id = any($1::uuid[])',
        [userIds],
      );
      return result.rows;
    },
    /**
     * Writes many journal transactions and all their entries in a single statement (one round trip,
     * multi-row): ids are drawn from the sequence first, so each entry knows its transaction. Answers
     * the ids in the postings' order. Run inside a database transaction; the ledger's statement-level
     * triggers (migration 0022) check the batch once.
     */
    async insertTransactions(postings: JournalPosting[]): Promise<number[]> {
      if (postings.length === 0) return [];
      const journal = journalStatement(postings, 1);
      const result = await db.query<{ id: number }>(
        `with ${journal.sql} select id from journal_ids order by ord`,
        journal.params,
      );
      return result.rows.map((row) => Number(row.id));
    },
  };
}
export type WalletRepository = ReturnType<typeof createWalletRepository>;
