import type { Queryable } from '../../db/database.js';

export interface ProviderRow {
  id: number;
  code: string;
  name: string;
  /** An aggregator (Hub88) brings many studios' games; its games name their studio. */
  kind: 'house' | 'external' | 'aggregator';
  secret: string;
  launch_url_template: string;
  active: boolean;
  /** How far its casino_house account may fall below zero (the ledger's floor for it). */
  net_payout_limit_paise: number;
  created_at: Date;
}

export interface GameRow {
  id: number;
  provider_id: number;
  code: string;
  title: string;
  category: string;
  image: string;
  is_slot: boolean;
  launch_kind: 'table' | 'qtech' | 'win' | 'play';
  sort_order: number;
  enabled: boolean;
  provider_code: string;
  /** The studio that made the game (an aggregator's games), else the provider's name: what players see. */
  provider_name: string;
  provider_active: boolean;
}

export interface PlayerRow {
  id: string;
  username: string;
  name: string;
  role: number;
  wallet: '1' | '2';
  suspended_at: Date | null;
  self_excluded_until: Date | null;
  allow_slots: boolean;
  allow_live_casino: boolean;
}

export interface SessionRow {
  id: string;
  user_id: string;
  provider_id: number;
  game_id: number;
  expires_at: Date;
  /** Null for sessions made before the wallet was recorded: the player's selected wallet then. */
  wallet: 'main' | 'bonus' | null;
  currency: string;
}

export type CasinoTxKind = 'debit' | 'credit' | 'rollback' | 'rollback_tombstone';

export interface TransactionRow {
  id: number;
  provider_id: number;
  transaction_id: string;
  kind: CasinoTxKind;
  round_id: string;
  user_id: string;
  wallet: 'main' | 'bonus' | null;
  amount_paise: number;
  debit_transaction_id: string | null;
  request_hash: string;
  journal_transaction_id: number | null;
  response: unknown;
  created_at: Date;
}

export interface RoundRow {
  id: number;
  provider_id: number;
  round_id: string;
  user_id: string;
  game_id: number;
  wallet: 'main' | 'bonus';
  status: 'open' | 'credited' | 'rolled_back';
  stake_paise: number;
  payout_paise: number;
  rolled_back_paise: number;
  created_at: Date;
  settled_at: Date | null;
}

export interface RoundListRow extends RoundRow {
  provider_code: string;
  provider_name: string;
  game_code: string;
  title: string;
  is_slot: boolean;
  username: string;
  debits: number;
  credits: number;
  rollbacks: number;
}

export const GAME_COLUMNS = `g.id, g.provider_id, g.code, g.title, g.category, g.image, g.is_slot, g.launch_kind, g.sort_order, g.enabled,
  p.code as provider_code, coalesce(g.studio, p.name) as provider_name, p.active as provider_active`;

export function createCasinoRepository(db: Queryable) {
  return {
    // Providers

    async providerByCode(code: string): Promise<ProviderRow | null> {
      const result = await db.query<ProviderRow>('select * from casino_providers where code = $1', [code]);
      return result.rows[0] ?? null;
    },
    async providerById(id: number): Promise<ProviderRow | null> {
      const result = await db.query<ProviderRow>('select * from casino_providers where id = $1', [id]);
      return result.rows[0] ?? null;
    },
    async providers(): Promise<ProviderRow[]> {
      return (await db.query<ProviderRow>('select * from casino_providers order by id')).rows;
    },
    async insertProvider(input: {
      code: string;
      name: string;
      secret: string;
      launchUrlTemplate: string;
      active: boolean;
      netPayoutLimitPaise: number;
    }): Promise<ProviderRow | null> {
      const result = await db.query<ProviderRow>(
        `insert into casino_providers (code, name, kind, secret, launch_url_template, active, net_payout_limit_paise) values ($1, $2, 'external', $3, $4, $5, $6)
         on conflict (code) do nothing returning *`,
        [input.code, input.name, input.secret, input.launchUrlTemplate, input.active, input.netPayoutLimitPaise],
      );
      return result.rows[0] ?? null;
    },
    /** A limit below what the provider has already paid out net fails the ledger's CHECK (ledger_account_limit_reached). */
    async updateProvider(
      id: number,
      input: {
        name?: string;
        launchUrlTemplate?: string;
        active?: boolean;
        secret?: string;
        netPayoutLimitPaise?: number;
      },
    ): Promise<ProviderRow> {
      const result = await db.query<ProviderRow>(
        `update casino_providers set name = coalesce($2, name), launch_url_template = coalesce($3, launch_url_template),
           active = coalesce($4, active), secret = coalesce($5, secret), net_payout_limit_paise = coalesce($6, net_payout_limit_paise), updated_at = now()
         where id = $1 returning *`,
        [
          id,
          input.name ?? null,
          input.launchUrlTemplate ?? null,
          input.active ?? null,
          input.secret ?? null,
          input.netPayoutLimitPaise ?? null,
        ],
      );
      return result.rows[0] as ProviderRow;
    },
    /** The running balance of each provider's casino_house account as the ledger keeps it (stakes in minus payouts out). */
    async providerBalances(): Promise<Map<string, number>> {
      const result = await db.query<{ ref: string; balance_paise: number }>(
        `select a.ref, l.floor_paise + (select coalesce(sum(s.headroom_paise), 0) from ledger_limit_stripes s where s.account_id = l.account_id) as balance_paise
         from ledger_accounts a join ledger_account_limits l on l.account_id = a.id
         where a.kind = 'casino_house' and a.user_id is null`,
      );
      return new Map(result.rows.map((row) => [row.ref, Number(row.balance_paise)]));
    },

    // Games

    async lobby(filter: { slots?: boolean; category?: string; provider?: string }): Promise<GameRow[]> {
      const result = await db.query<GameRow>(
        `select ${GAME_COLUMNS} from casino_games g join casino_providers p on p.id = g.provider_id
         where g.enabled and p.active
           and ($1::boolean is null or g.is_slot = $1)
           and ($2::text is null or lower(g.category) = lower($2))
           and ($3::text is null or p.code = $3 or lower(p.name) = lower($3) or lower(g.studio) = lower($3))
         order by g.sort_order, g.id`,
        [filter.slots ?? null, filter.category ?? null, filter.provider ?? null],
      );
      return result.rows;
    },
    async allGames(): Promise<GameRow[]> {
      return (
        await db.query<GameRow>(
          `select ${GAME_COLUMNS} from casino_games g join casino_providers p on p.id = g.provider_id order by g.sort_order, g.id`,
        )
      ).rows;
    },
    async gameById(id: number): Promise<GameRow | null> {
      const result = await db.query<GameRow>(
        `select ${GAME_COLUMNS} from casino_games g join casino_providers p on p.id = g.provider_id where g.id = $1`,
        [id],
      );
      return result.rows[0] ?? null;
    },
    async gameByCode(providerId: number, code: string): Promise<GameRow | null> {
      const result = await db.query<GameRow>(
        `select ${GAME_COLUMNS} from casino_games g join casino_providers p on p.id = g.provider_id where g.provider_id = $1 and g.code = $2`,
        [providerId, code],
      );
      return result.rows[0] ?? null;
    },
    /** A game by its code, or by its id written as digits, for the launch routes. */
    async findGame(key: string, providerKey: string | null): Promise<GameRow | null> {
      const result = await db.query<GameRow>(
        `select ${GAME_COLUMNS} from casino_games g join casino_providers p on p.id = g.provider_id
         where (g.code = $1 or ($1 ~ '^[0-9]{1,12}$' and g.id = $1::bigint))
           and ($2::text is null or p.code = $2 or ($2 ~ '^[0-9]{1,12}$' and p.id = $2::bigint))
         order by g.enabled desc, g.sort_order limit 1`,
        [key, providerKey],
      );
      return result.rows[0] ?? null;
    },
    async insertGame(input: {
      providerId: number;
      code: string;
      title: string;
      category: string;
      image: string;
      isSlot: boolean;
      launchKind: string;
      order: number;
      enabled: boolean;
    }): Promise<number | null> {
      const result = await db.query<{ id: number }>(
        `insert into casino_games (provider_id, code, title, category, image, is_slot, launch_kind, sort_order, enabled)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (provider_id, code) do nothing returning id`,
        [
          input.providerId,
          input.code,
          input.title,
          input.category,
          input.image,
          input.isSlot,
          input.launchKind,
          input.order,
          input.enabled,
        ],
      );
      return result.rows[0]?.id ?? null;
    },
    async updateGame(
      id: number,
      input: { title?: string; category?: string; image?: string; order?: number; enabled?: boolean },
    ): Promise<boolean> {
      const result = await db.query(
        `update casino_games set title = coalesce($2, title), category = coalesce($3, category), image = coalesce($4, image),
           sort_order = coalesce($5, sort_order), enabled = coalesce($6, enabled) where id = $1`,
        [
          id,
          input.title ?? null,
          input.category ?? null,
          input.image ?? null,
          input.order ?? null,
          input.enabled ?? null,
        ],
      );
      return result.rowCount > 0;
    },

    // Players (read from the identity tables: what the wallet needs to know about the account)

    async player(userId: string): Promise<PlayerRow | null> {
      const result = await db.query<PlayerRow>(
        'select id, username, name, role, wallet, suspended_at, self_excluded_until, allow_slots, allow_live_casino from users where id = $1',
        [userId],
      );
      return result.rows[0] ?? null;
    },

    // Launch sessions

    async insertSession(input: {
      tokenHash: string;
      userId: string;
      providerId: number;
      gameId: number;
      wallet: 'main' | 'bonus';
      at: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.query(
        'insert into casino_sessions (token_hash, user_id, provider_id, game_id, wallet, created_at, expires_at) values ($1, $2, $3, $4, $5, $6, $7)',
        [input.tokenHash, input.userId, input.providerId, input.gameId, input.wallet, input.at, input.expiresAt],
      );
    },
    async sessionByTokenHash(tokenHash: string): Promise<SessionRow | null> {
      const result = await db.query<SessionRow>(
        'select id, user_id, provider_id, game_id, expires_at, wallet, currency from casino_sessions where token_hash = $1',
        [tokenHash],
      );
      return result.rows[0] ?? null;
    },
    /** The player's newest launch session with this provider that has not expired, or null (the newest launch fixes the wallet). */
    async liveSession(userId: string, providerId: number, now: Date): Promise<SessionRow | null> {
      const result = await db.query<SessionRow>(
        `select id, user_id, provider_id, game_id, expires_at, wallet, currency from casino_sessions
         where user_id = $1 and provider_id = $2 and expires_at > $3 order by created_at desc, expires_at desc limit 1`,
        [userId, providerId, now],
      );
      return result.rows[0] ?? null;
    },

    // Wallet transactions and rounds (inside the caller's database transaction)

    /** Claims the provider's transaction id; null when it is already taken (a retry, a tombstone, a clash). */
    async claimTransaction(input: {
      providerId: number;
      transactionId: string;
      kind: CasinoTxKind;
      roundId: string;
      userId: string;
      wallet: 'main' | 'bonus' | null;
      amountPaise: number;
      debitTransactionId: string | null;
      requestHash: string;
      at: Date;
    }): Promise<number | null> {
      const result = await db.query<{ id: number }>(
        `insert into casino_transactions (provider_id, transaction_id, kind, round_id, user_id, wallet, amount_paise, debit_transaction_id, request_hash, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         on conflict (provider_id, transaction_id) do nothing returning id`,
        [
          input.providerId,
          input.transactionId,
          input.kind,
          input.roundId,
          input.userId,
          input.wallet,
          input.amountPaise,
          input.debitTransactionId,
          input.requestHash,
          input.at,
        ],
      );
      return result.rows[0]?.id ?? null;
    },
    async findTransaction(providerId: number, transactionId: string): Promise<TransactionRow | null> {
      const result = await db.query<TransactionRow>(
        'select * from casino_transactions where provider_id = $1 and transaction_id = $2',
        [providerId, transactionId],
      );
      return result.rows[0] ?? null;
    },
    /** Records the answer of a transaction and its change to the round, in one statement. */
    async completeWithRound(
      id: number,
      input: {
        amountPaise: number;
        wallet: 'main' | 'bonus' | null;
        journalTransactionId: number | null;
        response: unknown;
      },
      roundId: number,
      change: {
        stakePaise?: number;
        payoutPaise?: number;
        rolledBackPaise?: number;
        status?: RoundRow['status'];
        settledAt?: Date;
      },
    ): Promise<void> {
      await db.query(
        `with round as (
           update casino_rounds set stake_paise = stake_paise + $6, payout_paise = payout_paise + $7, rolled_back_paise = rolled_back_paise + $8,
             status = coalesce($9, status), settled_at = coalesce($10, settled_at) where id = $5
         )
         update casino_transactions set amount_paise = $2, wallet = $3, journal_transaction_id = $4, response = $11 where id = $1`,
        [
          id,
          input.amountPaise,
          input.wallet,
          input.journalTransactionId,
          roundId,
          change.stakePaise ?? 0,
          change.payoutPaise ?? 0,
          change.rolledBackPaise ?? 0,
          change.status ?? null,
          change.settledAt ?? null,
          JSON.stringify(input.response),
        ],
      );
    },
    async completeTransaction(
      id: number,
      input: {
        amountPaise: number;
        wallet: 'main' | 'bonus' | null;
        journalTransactionId: number | null;
        response: unknown;
      },
    ): Promise<void> {
      await db.query(
        'update casino_transactions set amount_paise = $2, wallet = $3, journal_transaction_id = $4, response = $5 where id = $1',
        [id, input.amountPaise, input.wallet, input.journalTransactionId, JSON.stringify(input.response)],
      );
    },
    async rollbackOf(providerId: number, debitTransactionId: string): Promise<number | null> {
      const result = await db.query<{ id: number }>(
        `select id from casino_transactions where provider_id = $1 and debit_transaction_id = $2 and kind = 'rollback' and journal_transaction_id is not null`,
        [providerId, debitTransactionId],
      );
      return result.rows[0]?.id ?? null;
    },
    /** The player's round row, created open on its first debit, locked for the rest of the transaction. */
    async openRoundForUpdate(input: {
      providerId: number;
      roundId: string;
      userId: string;
      gameId: number;
      wallet: 'main' | 'bonus';
      at: Date;
    }): Promise<RoundRow> {
      // One round trip: a new round is inserted; an existing one is locked by the no-op update and returned.
      const result = await db.query<RoundRow>(
        `insert into casino_rounds (provider_id, round_id, user_id, game_id, wallet, created_at) values ($1, $2, $3, $4, $5, $6)
         on conflict (provider_id, round_id, user_id) do update set provider_id = excluded.provider_id
         returning *`,
        [input.providerId, input.roundId, input.userId, input.gameId, input.wallet, input.at],
      );
      return result.rows[0] as RoundRow;
    },
    async roundForUpdate(providerId: number, roundId: string, userId: string): Promise<RoundRow | null> {
      const result = await db.query<RoundRow>(
        'select * from casino_rounds where provider_id = $1 and round_id = $2 and user_id = $3 for update',
        [providerId, roundId, userId],
      );
      return result.rows[0] ?? null;
    },
    async updateRound(
      id: number,
      change: {
        stakePaise?: number;
        payoutPaise?: number;
        rolledBackPaise?: number;
        status?: RoundRow['status'];
        settledAt?: Date;
      },
    ): Promise<void> {
      await db.query(
        `update casino_rounds set stake_paise = stake_paise + $2, payout_paise = payout_paise + $3, rolled_back_paise = rolled_back_paise + $4,
           status = coalesce($5, status), settled_at = coalesce($6, settled_at) where id = $1`,
        [
          id,
          change.stakePaise ?? 0,
          change.payoutPaise ?? 0,
          change.rolledBackPaise ?? 0,
          change.status ?? null,
          change.settledAt ?? null,
        ],
      );
    },

    // Reports

    async rounds(filter: {
      userId?: string;
      providerKey?: string;
      from: Date;
      to: Date;
      limit: number;
    }): Promise<RoundListRow[]> {
      const result = await db.query<RoundListRow>(
        `select r.*, p.code as provider_code, coalesce(g.studio, p.name) as provider_name, g.code as game_code, g.title, g.is_slot, u.username,
           (select count(*)::int from casino_transactions t where t.provider_id = r.provider_id and t.round_id = r.round_id and t.user_id = r.user_id and t.kind = 'debit') as debits,
           (select count(*)::int from casino_transactions t where t.provider_id = r.provider_id and t.round_id = r.round_id and t.user_id = r.user_id and t.kind = 'credit') as credits,
           (select count(*)::int from casino_transactions t where t.provider_id = r.provider_id and t.round_id = r.round_id and t.user_id = r.user_id and t.kind = 'rollback') as rollbacks
         from casino_rounds r
         join casino_providers p on p.id = r.provider_id
         join casino_games g on g.id = r.game_id
         join users u on u.id = r.user_id
         where ($1::uuid is null or r.user_id = $1)
           and ($2::text is null or p.code = $2 or lower(p.name) = lower($2) or lower(g.studio) = lower($2))
           and r.created_at >= $3 and r.created_at < $4
         order by r.created_at desc, r.id desc
         limit $5`,
        [filter.userId ?? null, filter.providerKey ?? null, filter.from, filter.to, filter.limit],
      );
      return result.rows;
    },
    async transactions(
      providerId: number,
      from: Date,
      to: Date,
      limit: number,
    ): Promise<(TransactionRow & { username: string })[]> {
      const result = await db.query<TransactionRow & { username: string }>(
        `select t.*, u.username from casino_transactions t join users u on u.id = t.user_id
         where t.provider_id = $1 and t.created_at >= $2 and t.created_at < $3 order by t.id desc limit $4`,
        [providerId, from, to, limit],
      );
      return result.rows;
    },
    /** Totals by kind over the provider's whole history, and the journal's net on its casino house account. */
    async reconciliationTotals(providerId: number, houseRef: string): Promise<{ kind: string; total: number }[]> {
      const result = await db.query<{ kind: string; total: number }>(
        `select kind, coalesce(sum(amount_paise), 0)::bigint as total from casino_transactions where provider_id = $1 group by kind
         union all
         select 'journal', coalesce(sum(e.amount_paise), 0)::bigint from journal_entries e
           join ledger_accounts a on a.id = e.account_id where a.kind = 'casino_house' and a.ref = $2 and a.user_id is null`,
        [providerId, houseRef],
      );
      return result.rows;
    },
    /** Everything that does not match: the queries name the problem in `kind`. */
    async reconciliationProblems(
      providerId: number,
      houseRef: string,
      openBefore: Date,
    ): Promise<{ kind: string; transaction_id: string | null; round_id: string | null; detail: string }[]> {
      const result = await db.query<{
        kind: string;
        transaction_id: string | null;
        round_id: string | null;
        detail: string;
      }>(
        `select 'MISSING_JOURNAL' as kind, t.transaction_id, t.round_id, t.kind || ' of ' || t.amount_paise || ' paise has no journal line' as detail
           from casino_transactions t
           where t.provider_id = $1 and t.kind in ('debit', 'credit', 'rollback') and t.amount_paise > 0 and t.journal_transaction_id is null
         union all
         select 'AMOUNT_MISMATCH', t.transaction_id, t.round_id,
                t.kind || ' of ' || t.amount_paise || ' paise, journal moved ' || coalesce(abs(e.amount_paise), 0) || ' paise on the house account'
           from casino_transactions t
           join journal_entries e on e.transaction_id = t.journal_transaction_id
           join ledger_accounts a on a.id = e.account_id and a.kind = 'casino_house'
           where t.provider_id = $1 and abs(e.amount_paise) <> t.amount_paise
         union all
         select 'JOURNAL_WITHOUT_TRANSACTION', null, j.details->>'roundId', j.kind || ' journal transaction ' || j.id || ' has no wallet transaction'
           from journal_transactions j
           join journal_entries e on e.transaction_id = j.id
           join ledger_accounts a on a.id = e.account_id and a.kind = 'casino_house' and a.ref = $2
           where not exists (select 1 from casino_transactions t where t.journal_transaction_id = j.id)
         union all
         select 'ROUND_OPEN', null, r.round_id, 'open since ' || to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || ' with ' || r.stake_paise || ' paise staked'
           from casino_rounds r where r.provider_id = $1 and r.status = 'open' and r.created_at < $3
         union all
         select 'ROLLBACK_OF_UNKNOWN_DEBIT', t.transaction_id, t.round_id, 'a rollback arrived before (or without) its debit; the debit will be refused'
           from casino_transactions t where t.provider_id = $1 and t.kind = 'rollback_tombstone'
         limit 500`,
        [providerId, houseRef, openBefore],
      );
      return result.rows;
    },
  };
}
export type CasinoRepository = ReturnType<typeof createCasinoRepository>;
