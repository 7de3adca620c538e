import type { Queryable } from '../../db/database.js';
import type { PlayerRow, RoundRow, SessionRow, TransactionRow } from './casino-repository.js';

/**
 * The casino wallet's reads repository: the context read, the first of its statements on the hot path
 * (the settle statement, the other, is in casino-wallet-settle-repository.ts; docs/decisions/0028 counts
 * them), a provider's casino_house account, and what the two statements share: prepared statements'
 * names and rows read back as JSON.
 */
export interface CallContext {
  /** The transaction already stored under this id, if any (a retry replays it). */
  earlier: TransactionRow | null;
  /** The provider's newest live launch session for the player. */
  session: SessionRow | null;
  player: PlayerRow | null;
  /** The player's ledger account ids by wallet (they never change once made). */
  accounts: Partial<Record<'main' | 'bonus', number>>;
  /** The player's round of this id, locked until the call commits (null when there is none yet). */
  round: RoundRow | null;
}

/**
 * A prepared statement's name for an SQL text (node-postgres parses and plans a named statement once per
 * connection; PostgreSQL then reuses its plan). The texts are few (the context, and the settle statement
 * per round and posting shape), so the names stay few; the same text always gets the same name.
 */
const names = new Map<string, string>();
export function statementName(prefix: string, sql: string): string {
  let name = names.get(sql);
  if (name === undefined) {
    name = `${prefix}_${names.size}`;
    names.set(sql, name);
  }
  return name;
}

const asDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string);
export type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

export function roundOf(round: Json<RoundRow> | null): RoundRow | null {
  return round === null
    ? null
    : { ...round, created_at: new Date(round.created_at), settled_at: asDate(round.settled_at) };
}

/** The context statement; `lock`: the accounts and the round locked until the transaction ends. */
function contextSql(lock: boolean): string {
  return `with accounts as (
       select id, kind from ledger_accounts where user_id = $3 and kind in ('player_main', 'player_bonus')${lock ? ' order by id for no key update' : ''}
     ),
     round as (select * from casino_rounds where provider_id = $1 and round_id = $5 and user_id = $3${lock ? ' for update' : ''})
     select
       (select row_to_json(t) from casino_transactions t where t.provider_id = $1 and t.transaction_id = $2) as earlier,
       (select row_to_json(s) from (select id, user_id, provider_id, game_id, expires_at, wallet, currency from casino_sessions
          where user_id = $3 and provider_id = $1 and expires_at > $4 order by created_at desc, expires_at desc limit 1) s) as session,
       (select row_to_json(u) from (select id, username, name, role, wallet, suspended_at, self_excluded_until, allow_slots, allow_live_casino from users where id = $3) u) as player,
       (select json_object_agg(kind, id) from accounts) as accounts,
       (select row_to_json(round) from round) as round`;
}
const CONTEXT_SQL = { locked: contextSql(true), read: contextSql(false) };

/**
 * One round trip: the earlier transaction, the live session, the player, their wallet accounts and the
 * round, what the call decides on. `lock` (inside a transaction that does more than the settle statement, the
 * bonus round's credit with its wagering): the accounts and the round are LOCKED in id order until it
 * ends. Without it this is a plain read and the settle statement re-checks, under its own locks, all that money
 * depends on (the round's state, the id's claim, the balance).
 */
export async function callContext(
  tx: Queryable,
  input: { providerId: number; transactionId: string; userId: string; roundId: string; now: Date; lock: boolean },
): Promise<CallContext> {
  const sql = input.lock ? CONTEXT_SQL.locked : CONTEXT_SQL.read;
  const result = await tx.query<{
    earlier: Json<TransactionRow> | null;
    session: Json<SessionRow> | null;
    player: Json<PlayerRow> | null;
    accounts: Record<string, number> | null;
    round: Json<RoundRow> | null;
  }>(
    sql,
    [input.providerId, input.transactionId, input.userId, input.now, input.roundId],
    statementName('casino_context', sql),
  );
  return contextOf(result.rows[0]);
}

function contextOf(
  row:
    | {
        earlier: Json<TransactionRow> | null;
        session: Json<SessionRow> | null;
        player: Json<PlayerRow> | null;
        accounts: Record<string, number> | null;
        round: Json<RoundRow> | null;
      }
    | undefined,
): CallContext {
  const player = row?.player ?? null;
  const session = row?.session ?? null;
  const earlier = row?.earlier ?? null;
  return {
    earlier: earlier === null ? null : { ...earlier, created_at: asDate(earlier.created_at) as Date },
    session: session === null ? null : { ...session, expires_at: asDate(session.expires_at) as Date },
    player:
      player === null
        ? null
        : {
            ...player,
            suspended_at: asDate(player.suspended_at),
            self_excluded_until: asDate(player.self_excluded_until),
          },
    accounts: {
      ...(row?.accounts?.player_main === undefined ? {} : { main: Number(row.accounts.player_main) }),
      ...(row?.accounts?.player_bonus === undefined ? {} : { bonus: Number(row.accounts.player_bonus) }),
    },
    round: roundOf(row?.round ?? null),
  };
}

/**
 * The id of the provider's casino_house account (`ref` its code, no user): the other side of every
 * posting of its calls. Null when the provider has none.
 */
export async function houseAccountId(q: Queryable, providerCode: string): Promise<number | null> {
  const row = (
    await q.query<{ id: number }>(
      `select id from ledger_accounts where kind = 'casino_house' and ref = $1 and user_id is null`,
      [providerCode],
    )
  ).rows[0];
  return row === undefined ? null : Number(row.id);
}
