import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';

/**
 * A small generated data set for the report tests, written straight into the tables the betting,
 * casino and money desks write (the reports read those tables, nothing else), and kept as plain
 * objects too, so the tests compute every right answer from the objects with their own model.
 *
 * The tree: director → agent A1 → players P1, P2 and sub-agent A2 → player P3; director → credit
 * agent B → credit player P4; director → player P5 (no agent).
 */

export interface SeedUser {
  id: string;
  key: string;
  role: number;
  uplineKey: string | null;
  username: string;
  mobileNo: string;
  createdAt: Date;
}
export interface SeedMarket {
  id: string;
  name: string;
  type: 'EXCHANGE' | 'FANCY';
  status: 'open' | 'suspended' | 'settled';
  eventId: string;
  eventName: string;
  sportId: string;
  sportName: string;
  leagueName: string;
  runners: { id: string; name: string }[];
}
export interface SeedBet {
  id: string;
  userId: string;
  marketId: string;
  runnerId: string | null;
  side: 'back' | 'lay';
  priceH: number | null;
  stakePaise: number;
  matchedPaise: number;
  status: 'pending' | 'unmatched' | 'matched' | 'cancelled' | 'lapsed' | 'settled' | 'voided';
  profitLossPaise: number | null;
  createdAt: Date;
  settledAt: Date | null;
}
export interface SeedRound {
  userId: string;
  gameId: number;
  gameTitle: string;
  providerId: number;
  status: 'open' | 'credited' | 'rolled_back';
  stakePaise: number;
  payoutPaise: number;
  rolledBackPaise: number;
  createdAt: Date;
  settledAt: Date | null;
}
export interface SeedRequest {
  kind: 'deposit' | 'withdrawal';
  userId: string;
  amountPaise: number;
  status: 'pending' | 'approved' | 'rejected';
  createdAt: Date;
}
export interface SeedExposure {
  userId: string;
  marketId: string;
  exposurePaise: number;
  outcomes: Record<string, number>;
}
export interface ReportSeed {
  users: Map<string, SeedUser>;
  markets: SeedMarket[];
  bets: SeedBet[];
  rounds: SeedRound[];
  requests: SeedRequest[];
  exposures: SeedExposure[];
}

/** mulberry32: a small seeded generator, so a failing data set can be made again from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** India day of an instant, computed here on its own (the model does not borrow the server's helper). */
export function modelIndiaDay(instant: Date): string {
  return new Date(instant.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

const START_MS = Date.parse('2026-11-08T00:00:00.000Z');
const SPAN_MS = 14 * 86_400_000;
/** Instants cluster around India midnight (18:30 UTC), where a wrong day boundary would show. */
function instant(random: () => number): Date {
  const day = Math.floor(random() * 14);
  const nearMidnight = random() < 0.4;
  const offsetMs = nearMidnight
    ? (18 * 60 + 30) * 60_000 + Math.round((random() - 0.5) * 40 * 60_000)
    : Math.floor(random() * 86_400_000);
  return new Date(Math.min(START_MS + SPAN_MS - 1, START_MS + day * 86_400_000 + offsetMs));
}
const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const paise = (random: () => number, max: number) => 100 + Math.floor(random() * max);

let mobileSerial = 0;
async function insertUser(
  db: Queryable,
  users: Map<string, SeedUser>,
  key: string,
  role: number,
  uplineKey: string | null,
  createdAt: Date,
  uplineId?: string,
  existingId?: string,
): Promise<void> {
  mobileSerial += 1;
  const upline = uplineKey === null ? (uplineId ?? null) : (users.get(uplineKey)?.id ?? null);
  if (existingId !== undefined) {
    // An account made through the identity service (so it can sign in), placed in the tree here.
    const row = await db.query<{ username: string; mobile_no: string }>(
      'update users set upline_id = $2, created_at = $3 where id = $1 and role = $4 returning username, mobile_no',
      [existingId, upline, createdAt, role],
    );
    const found = row.rows[0];
    if (found === undefined) throw new Error(`no account ${existingId} with role ${role}`);
    users.set(key, {
      id: existingId,
      key,
      role,
      uplineKey,
      username: found.username,
      mobileNo: found.mobile_no,
      createdAt,
    });
    return;
  }
  const id = randomUUID();
  const username = `${key.toLowerCase()}_${id.slice(0, 6)}`;
  const mobileNo = `9188${String(process.pid % 1000).padStart(3, '0')}${String(mobileSerial).padStart(5, '0')}`;
  await db.query(
    `insert into users (id, name, username, mobile_no, password_hash, role, age_confirmed_at, referral_code, upline_id, created_at, phone_verified_at)
     values ($1, $2, $3, $4, 'x', $5, $6, $7, $8, $6, $6)`,
    [id, key, username, mobileNo, role, createdAt, `R${id.slice(0, 8)}`, upline],
  );
  users.set(key, { id, key, role, uplineKey, username, mobileNo, createdAt });
}

/** Writes the data set under `directorId` and answers it; `agents` are existing accounts to use as A1, A2 and B. */
export async function seedReports(
  db: Queryable,
  directorId: string,
  seed: number,
  agents: { A1: string; A2: string; B: string },
): Promise<ReportSeed> {
  const random = seededRandom(seed);
  const users = new Map<string, SeedUser>();
  await insertUser(db, users, 'A1', 3, null, instant(random), directorId, agents.A1);
  await insertUser(db, users, 'B', 5, null, instant(random), directorId, agents.B);
  await insertUser(db, users, 'A2', 3, 'A1', instant(random), undefined, agents.A2);
  await insertUser(db, users, 'P1', 4, 'A1', instant(random));
  await insertUser(db, users, 'P2', 4, 'A1', instant(random));
  await insertUser(db, users, 'P3', 4, 'A2', instant(random));
  await insertUser(db, users, 'P4', 6, 'B', instant(random));
  await insertUser(db, users, 'P5', 4, null, instant(random), directorId);
  const players = ['P1', 'P2', 'P3', 'P4', 'P5'].map((key) => users.get(key) as SeedUser);

  const markets: SeedMarket[] = [];
  for (const [sportIndex, sportName] of ['Cricket', 'Football'].entries()) {
    const sportId = randomUUID();
    const leagueId = randomUUID();
    await db.query('insert into sports (id, slug, name) values ($1, $2, $3)', [
      sportId,
      `r-${sportId.slice(0, 8)}`,
      `${sportName} R`,
    ]);
    await db.query('insert into leagues (id, sport_id, slug, name) values ($1, $2, $3, $4)', [
      leagueId,
      sportId,
      'league',
      `${sportName} League`,
    ]);
    for (let eventIndex = 0; eventIndex < 2; eventIndex += 1) {
      const eventId = randomUUID();
      const eventName = `${sportName} match ${sportIndex}-${eventIndex}`;
      await db.query(
        `insert into events (id, league_id, slug, name, start_time) values ($1, $2, $3, $4, '2026-11-10T10:00:00Z')`,
        [eventId, leagueId, `e${eventIndex}`, eventName],
      );
      const kinds: { type: 'EXCHANGE' | 'FANCY'; status: SeedMarket['status'] }[] = [
        { type: 'EXCHANGE', status: 'settled' },
        { type: 'EXCHANGE', status: eventIndex === 0 ? 'open' : 'suspended' },
        { type: 'FANCY', status: 'open' },
      ];
      for (const [marketIndex, kind] of kinds.entries()) {
        const marketId = randomUUID();
        const name = kind.type === 'FANCY' ? '20 over runs' : marketIndex === 0 ? 'Match Odds' : 'Winner';
        await db.query(
          `insert into markets (id, event_id, type, name, status, min_stake_paise, max_stake_paise, max_profit_paise, sort_order) values ($1, $2, $3, $4, $5, 100, 10000000, 100000000, $6)`,
          [marketId, eventId, kind.type, name, kind.status, marketIndex],
        );
        const runners: SeedMarket['runners'] = [];
        if (kind.type === 'EXCHANGE') {
          for (let runnerIndex = 0; runnerIndex < 2 + marketIndex; runnerIndex += 1) {
            const runnerId = randomUUID();
            runners.push({ id: runnerId, name: `Runner ${runnerIndex + 1}` });
            await db.query('insert into runners (id, market_id, name, sort_order) values ($1, $2, $3, $4)', [
              runnerId,
              marketId,
              `Runner ${runnerIndex + 1}`,
              runnerIndex,
            ]);
          }
        }
        markets.push({
          id: marketId,
          name,
          type: kind.type,
          status: kind.status,
          eventId,
          eventName,
          sportId,
          sportName: `${sportName} R`,
          leagueName: `${sportName} League`,
          runners,
        });
      }
    }
  }

  // The agent A1 bets too: its own bets belong to its upline's scope, never to its own (the accounts below it).
  const bettors = [...players, users.get('A1') as SeedUser];
  const bets: SeedBet[] = [];
  for (let index = 0; index < 70; index += 1) {
    const user = pick(random, bettors);
    const market = pick(random, markets);
    const createdAt = new Date(instant(random).getTime() + index); // distinct instants: a stable newest-first order
    const stakePaise = paise(random, 500_000);
    const open = market.status !== 'settled';
    const status: SeedBet['status'] = open
      ? pick(random, ['pending', 'unmatched', 'matched', 'cancelled', 'lapsed'] as const)
      : pick(random, ['settled', 'settled', 'settled', 'voided'] as const);
    const matchedPaise =
      status === 'unmatched' || status === 'pending'
        ? 0
        : status === 'cancelled' || status === 'lapsed'
          ? Math.floor(stakePaise / 2)
          : stakePaise;
    const profitLossPaise =
      status === 'settled' ? Math.round((random() - 0.55) * 2 * stakePaise) : status === 'voided' ? 0 : null;
    // Half the settlements land within 20 minutes of an India midnight (18:30 UTC) a day or two later.
    const nearMidnight = new Date(
      Date.parse(`${createdAt.toISOString().slice(0, 10)}T18:30:00Z`) +
        (1 + Math.floor(random() * 2)) * 86_400_000 +
        Math.round((random() - 0.5) * 40 * 60_000),
    );
    const settledAt =
      status !== 'settled'
        ? null
        : random() < 0.5
          ? nearMidnight
          : new Date(createdAt.getTime() + Math.floor(random() * 3 * 86_400_000));
    const bet: SeedBet = {
      id: randomUUID(),
      userId: user.id,
      marketId: market.id,
      runnerId: market.runners.length === 0 ? null : pick(random, market.runners).id,
      side: random() < 0.5 ? 'back' : 'lay',
      priceH: market.type === 'EXCHANGE' ? 150 + Math.floor(random() * 300) : null,
      stakePaise,
      matchedPaise,
      status,
      profitLossPaise,
      createdAt,
      settledAt,
    };
    bets.push(bet);
    await db.query(
      `insert into bets (id, user_id, market_id, event_id, runner_id, side, price_h, line_runs, rate_h, stake_paise, matched_paise, cancelled_paise, status, wallet, placed_version, profit_loss_paise, created_at, settled_at,
         matched_price_sum)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'main', 0, $14, $15, $16, $17)`,
      [
        bet.id,
        bet.userId,
        bet.marketId,
        market.eventId,
        bet.runnerId,
        bet.side,
        bet.priceH,
        market.type === 'FANCY' ? 45 : null,
        market.type === 'FANCY' ? 100 : null,
        bet.stakePaise,
        bet.matchedPaise,
        status === 'cancelled' || status === 'lapsed' ? bet.stakePaise - bet.matchedPaise : 0,
        bet.status,
        bet.profitLossPaise,
        bet.createdAt,
        bet.settledAt,
        // Matched at its own price (an exchange bet's fills are not seeded).
        bet.matchedPaise * (bet.priceH ?? 0),
      ],
    );
  }

  const games = (
    await db.query<{ id: number; title: string; provider_id: number }>(
      'select id, title, provider_id from casino_games order by id',
    )
  ).rows;
  const rounds: SeedRound[] = [];
  for (let index = 0; index < 50; index += 1) {
    const user = pick(random, players);
    const game = pick(random, games);
    const createdAt = instant(random);
    const status = pick(random, ['open', 'credited', 'credited', 'credited', 'rolled_back'] as const);
    const stakePaise = paise(random, 200_000);
    const round: SeedRound = {
      userId: user.id,
      gameId: game.id,
      gameTitle: game.title,
      providerId: game.provider_id,
      status,
      stakePaise,
      payoutPaise: status === 'credited' ? Math.floor(random() * 2.2 * stakePaise) : 0,
      rolledBackPaise: status === 'rolled_back' ? stakePaise : 0,
      createdAt,
      settledAt:
        status === 'open'
          ? null
          : random() < 0.2
            ? null
            : new Date(createdAt.getTime() + Math.floor(random() * 2 * 3_600_000)),
    };
    rounds.push(round);
    await db.query(
      `insert into casino_rounds (provider_id, round_id, user_id, game_id, wallet, status, stake_paise, payout_paise, rolled_back_paise, created_at, settled_at)
       values ($1, $2, $3, $4, 'main', $5, $6, $7, $8, $9, $10)`,
      [
        round.providerId,
        `r-${index}-${randomUUID()}`,
        round.userId,
        round.gameId,
        round.status,
        round.stakePaise,
        round.payoutPaise,
        round.rolledBackPaise,
        round.createdAt,
        round.settledAt,
      ],
    );
  }

  const receiving = randomUUID();
  await db.query(
    `insert into receiving_accounts (id, type, account_number, account_holder_name) values ($1, 'upi', 'khel@okbank', 'Khel')`,
    [receiving],
  );
  const payoutAccounts = new Map<string, string>();
  for (const player of players) {
    const id = randomUUID();
    payoutAccounts.set(player.id, id);
    await db.query(
      `insert into payment_accounts (id, user_id, type, account_number, account_holder_name) values ($1, $2, 'upi', $3, 'Ravi')`,
      [id, player.id, `${player.username}@okbank`],
    );
  }
  const requests: SeedRequest[] = [];
  for (let index = 0; index < 40; index += 1) {
    const request: SeedRequest = {
      kind: random() < 0.6 ? 'deposit' : 'withdrawal',
      userId: pick(random, players).id,
      amountPaise: paise(random, 1_000_000),
      status: pick(random, ['pending', 'approved', 'rejected'] as const),
      createdAt: instant(random),
    };
    requests.push(request);
    if (request.kind === 'deposit') {
      const reference = `UTR${seed}X${index}${randomUUID().slice(0, 8)}`;
      await db.query(
        `insert into deposit_requests (user_id, amount_paise, receiving_account_id, type, txn_ref, txn_ref_key, status, created_at) values ($1, $2, $3, 'upi', $4, $4, $5, $6)`,
        [request.userId, request.amountPaise, receiving, reference, request.status, request.createdAt],
      );
    } else {
      await db.query(
        `insert into withdrawal_requests (user_id, amount_paise, payment_account_id, account_snapshot, status, created_at) values ($1, $2, $3, '{}'::jsonb, $4, $5)`,
        [request.userId, request.amountPaise, payoutAccounts.get(request.userId), request.status, request.createdAt],
      );
    }
  }

  // Positions: every player on most markets; settled markets keep a stale row the risk view must ignore.
  const exposures: SeedExposure[] = [];
  for (const market of markets) {
    for (const player of players) {
      if (random() < 0.25) continue;
      const outcomes: Record<string, number> = {};
      for (const runner of market.runners) outcomes[runner.id] = Math.round((random() - 0.5) * 400_000);
      const worst = Math.min(0, ...Object.values(outcomes));
      const exposure: SeedExposure = {
        userId: player.id,
        marketId: market.id,
        exposurePaise:
          market.type === 'FANCY' ? -paise(random, 300_000) : worst - (random() < 0.3 ? paise(random, 50_000) : 0),
        outcomes,
      };
      exposures.push(exposure);
      await db.query(
        'insert into market_exposures (user_id, market_id, wallet, exposure_paise, outcomes) values ($1, $2, $3, $4, $5::jsonb)',
        [exposure.userId, exposure.marketId, 'main', exposure.exposurePaise, JSON.stringify(exposure.outcomes)],
      );
    }
  }
  return { users, markets, bets, rounds, requests, exposures };
}

/** The players in an agent's scope (the accounts below it), or every seeded player for the site. */
export function scopePlayers(data: ReportSeed, rootKey: string | null): Set<string> {
  const below = new Set<string>();
  if (rootKey === null) {
    for (const user of data.users.values()) below.add(user.id);
    return below;
  }
  const grow = (key: string) => {
    for (const user of data.users.values()) {
      if (user.uplineKey === key) {
        below.add(user.id);
        grow(user.key);
      }
    }
  };
  grow(rootKey);
  return below;
}
