// Bets over HTTP on PostgreSQL with a real load generator (issue 10): autocannon at 1 / 16 / 64 / 256
// connections, bets spread over 16 markets (each level followed by the floor, floor-bets.mjs: a bare route
// writing the same rows through one group-committed statement, issue 30), then all on 1 hot market, then on that market with a deep
// book (1,000 resting offers); bets against the house on 16 bookmaker and 16 fancy markets; a fixed 1,000 bets/s for its latency; and in the same run a pgbench
// peer: one INSERT and one UPDATE per transaction at the same client counts, on the same server.
// Run after `npm run build`: npx tsx apps/server/bench/bets-bench.ts   (or npm run bench -- bets)
// The fixed-rate row runs BENCH_WARMUP_SECONDS (3) at the same rate first, not counted: its latency is the
// steady state's. Each row also prints the CPU per accepted bet of the server and of the database's
// backends. BENCH_LOG_LEVEL=info with BENCH_SERVER_STDOUT=inherit prints the server's access lines.
// BENCH_KEEP_DATABASE=1 leaves the bench's database and role in place at the end (their names are printed).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { backendCpuMs, backendCpuSpent, cpuMsOf } from './proc-cpu.js';
import { CONTENTION, contentionLine, withBusyCore } from './busy-core.js';
import { freePort } from '../test/free-port.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const LEVELS = (process.env.BENCH_CLIENTS ?? '1,16,64,256').split(',').map(Number);
const MARKETS = 16;
const PLAYERS = 256;
const RESTING_OFFERS = 1000;
/** Which cases run (default all): BENCH_CASES=deep profiles the deep book alone, BENCH_CASES=hot,deep compares the two; bookmaker and fancy bet against the house. */
const CASES = new Set((process.env.BENCH_CASES ?? 'spread,floor,realistic,hot,deep,bookmaker,fancy,fixed').split(','));

interface Envelope<T> {
  meta: { code: number; message: string; token?: string };
  data: T;
}
interface Market {
  id: string;
  runner: string;
}

const name = `khel_bets_bench_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const databaseUrl = new URL(ADMIN_URL);
databaseUrl.pathname = `/${name}`;
// Production mode refuses a superuser (decision 0043): the server connects as a login role of the bench's
// own, granted at its start; migrations run as the admin URL's role.
const serverRole = `${name}_server`;
const serverPassword = randomBytes(12).toString('hex');
await admin.query(`create role ${serverRole} login password '${serverPassword}'`);
const serverUrl = new URL(databaseUrl);
serverUrl.username = serverRole;
serverUrl.password = serverPassword;
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") go to the product's process, for profiling it under load.
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
// BENCH_SERVER: another build of the server to run (e.g. a copy of yesterday's, for a before/after in one sitting).
const monitor = new pg.Client({ connectionString: databaseUrl.toString() });
const server = spawn(process.execPath, [...nodeArgs, process.env.BENCH_SERVER ?? 'apps/server/dist/server.js'], {
  cwd: ROOT,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    ALLOW_OUTBOX_IN_PRODUCTION: 'true',
    SECOND_FACTOR_KEY: 'a-bench-only-key-of-at-least-32-characters',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: serverUrl.toString(),
    MIGRATION_DATABASE_URL: databaseUrl.toString(),
    DEMO_FEED: 'false',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
    RATE_LIMIT_PER_MINUTE: '100000000',
    OTP_SENDS_PER_IP_PER_HOUR: '100000',
  },
  stdio: ['ignore', process.env.BENCH_SERVER_STDOUT === 'inherit' ? 'inherit' : 'ignore', 'inherit'],
});

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<Envelope<T>> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      'idempotency-key': randomBytes(12).toString('hex'),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

/** Each player's user id by their token: the floor's bare route takes the id, not a session. */
const userIdOf = new Map<string, string>();

async function signUpPlayers(count: number, prefix: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const mobile = `91${prefix}${String(process.pid % 1000).padStart(3, '0')}${String(i).padStart(5, '0')}`;
    await call('POST', '/api/v1/signUp', {
      name: `Bench ${prefix} ${i}`,
      mobile_no: mobile,
      password: 'bench-password-1',
      confirmPassword: 'bench-password-1',
      ageConfirmed: true,
    });
    // The server runs in production mode (no dev outbox route): the code is read from its outbox table.
    const outbox = await monitor.query<{ body: string }>(
      'select body from sms_outbox where mobile_no = $1 order by id desc limit 1',
      [mobile],
    );
    const token = (
      await call('POST', '/api/v1/verify-otp', { mobile_no: mobile, otp: outbox.rows[0]?.body.slice(0, 4) })
    ).meta.token as string;
    tokens.push(token);
    const user = await monitor.query<{ id: string }>('select id from users where mobile_no = $1', [mobile]);
    userIdOf.set(token, user.rows[0]?.id as string);
  }
  return tokens;
}

/** The s-th bet of a run: who places it, and what. */
type BetOf = (
  s: number,
  markets: readonly Market[],
  players: readonly string[],
) => { player: string; body: Record<string, unknown>; path?: string; answer?: (body: string) => void };

/**
 * Pairs of players back and lay the same stake at 2.0 on one market, so every bet matches and
 * positions stay flat: bet 2q is a back and 2q+1 a lay by the next player; the roles swap each time
 * the players come round again.
 */
const exchangePair: BetOf = (s, markets, players) => {
  const pair = Math.floor(s / 2);
  const market = markets[pair % markets.length] as Market;
  const swap = Math.floor(pair / (players.length / 2)) % 2 === 1;
  const player = players[(2 * pair + (s % 2)) % players.length] as string;
  const back = (s % 2 === 0) !== swap;
  return {
    player,
    body: {
      marketId: market.id,
      selectionId: market.runner,
      selectionType: back ? 'back' : 'lay',
      odds: 2,
      stake: 100,
    },
  };
};

/**
 * Bets against the house (PRODUCT.md's bookmaker and fancy markets): every player keeps to one market
 * and backs and lays in turn, at the quotes the bench set (bookmaker 45 / 48 on the first runner;
 * fancy NO and YES both at 62 runs), so each player's exposure stays within a few rupees a pair.
 */
const housePair =
  (kind: 'BOOKMAKER' | 'FANCY'): BetOf =>
  (s, markets, players) => {
    const index = s % players.length;
    const market = markets[index % markets.length] as Market;
    const back = Math.floor(s / players.length) % 2 === 0;
    const body =
      kind === 'BOOKMAKER'
        ? {
            marketId: market.id,
            selectionId: market.runner,
            selectionType: back ? 'back' : 'lay',
            odds: back ? 45 : 48,
            stake: 100,
          }
        : { marketId: market.id, selectionType: back ? 'back' : 'lay', odds: 62, oddsSize: 100, stake: 100 };
    return { player: players[index] as string, body };
  };

/** The project's seeded generator (mulberry32, as @khel/sports-sim's createRng). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * What a realistic flow did: offers placed, of them rested (unmatched when answered), cancels sent, and
 * of those the ones too late (BET_NOT_CANCELLABLE: a counter-offer matched the offer in full between its
 * answer and the cancel, the product's right answer), counted apart from refusals.
 */
const flowSeen = { placed: 0, rested: 0, cancels: 0, tooLate: 0, refusals: new Map<string, number>() };
/** The cancel-bet refusal of an offer matched in full before the cancel arrived (PRODUCT.md's message). */
const NOTHING_LEFT = 'This bet has nothing left to cancel';
/** Counts a refusal's message (a wallet that ran out, anything unexpected). */
const refusal = (text: string) => {
  const message = /"message":"([^"]*)"/.exec(text)?.[1] ?? text.slice(0, 60);
  flowSeen.refusals.set(message, (flowSeen.refusals.get(message) ?? 0) + 1);
};

/**
 * A realistic flow (issue 30): a seeded random stream where each player keeps to three of the 16
 * markets and backs or lays at a price a few ticks either side of 2.0, so some offers match and some
 * rest (backs ask a little less than lays offer: about a third rest); about a tenth of the requests
 * cancel one of the player's offers that rested.
 */
function realisticFlow(seed: number): BetOf {
  const next = mulberry32(seed);
  const resting = new Map<string, string[]>();
  // Backs ask a little less than lays offer, so about a third of the offers find nothing to match and rest.
  const BACK_PRICES = [1.95, 1.96, 1.97, 1.98, 1.99, 2];
  const LAY_PRICES = [2, 2.02, 2.04, 2.06, 2.08, 2.1];
  return (_s, markets, players) => {
    const index = Math.floor(next() * players.length);
    const player = players[index] as string;
    const mine = resting.get(player) ?? [];
    resting.set(player, mine);
    if (next() < 0.2 && mine.length > 0) {
      const betId = mine.splice(Math.floor(next() * mine.length), 1)[0] as string;
      flowSeen.cancels += 1;
      return {
        player,
        path: '/api/v1/cancel-bet',
        body: { betId },
        answer: (text) => {
          if (text.includes('"code":200')) return;
          if (text.includes(NOTHING_LEFT)) flowSeen.tooLate += 1;
          else refusal(text);
        },
      };
    }
    const market = markets[
      ([index, index + 5, index + 11][Math.floor(next() * 3)] as number) % markets.length
    ] as Market;
    const back = next() < 0.5;
    const prices = back ? BACK_PRICES : LAY_PRICES;
    return {
      player,
      body: {
        marketId: market.id,
        selectionId: market.runner,
        selectionType: back ? 'back' : 'lay',
        odds: prices[Math.floor(next() * prices.length)],
        stake: 100,
      },
      answer: (text) => {
        if (!text.includes('"code":200')) return refusal(text);
        flowSeen.placed += 1;
        const id = /"_id":"([^"]+)"/.exec(text)?.[1];
        if (id !== undefined && text.includes('"status":"unmatched"')) {
          flowSeen.rested += 1;
          mine.push(id);
        }
      },
    };
  };
}

async function placeBets(
  markets: readonly Market[],
  players: readonly string[],
  connections: number,
  rate?: number,
  seconds = SECONDS,
  betOf: BetOf = exchangePair,
  target: { url: string; path: string; pid: number | undefined; floor: boolean } = {
    url: base,
    path: '/api/v1/place-bet',
    pid: server.pid,
    floor: false,
  },
) {
  const serverBefore = cpuMsOf(target.pid);
  const backendsBefore = await backendCpuMs(monitor, name);
  let slot = 0;
  let accepted = 0;
  let refused = 0;
  const result = await autocannon({
    url: target.url,
    connections,
    duration: seconds,
    ...(rate === undefined ? {} : { overallRate: rate }),
    requests: [
      {
        method: 'POST',
        path: target.path,
        setupRequest: (request, context) => {
          const s = slot;
          slot += 1;
          const { player, body, path, answer } = betOf(s, markets, players);
          (context as { answer?: (text: string) => void }).answer = answer;
          return {
            ...request,
            ...(path === undefined ? {} : { path }),
            headers: {
              'content-type': 'application/json',
              ...(target.floor ? { 'x-user': userIdOf.get(player) as string } : { authorization: `Bearer ${player}` }),
              'idempotency-key': `${process.pid}-${s}-${randomBytes(4).toString('hex')}`,
            },
            body: JSON.stringify(body),
          };
        },
        onResponse: (_status, body, context) => {
          (context as { answer?: (text: string) => void }).answer?.(body);
          if (body.includes('"code":200')) accepted += 1;
          else refused += 1;
        },
      },
    ],
  });
  // CPU per accepted bet: the server process and the bench database's backends (steadier than bets/s on a shared machine).
  const serverMs = (cpuMsOf(target.pid) ?? NaN) - (serverBefore ?? NaN);
  const databaseMs = backendCpuSpent(backendsBefore, await backendCpuMs(monitor, name));
  return {
    betsPerSecond: accepted / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    refused,
    errors: result.errors + result.non2xx,
    serverUs: (1000 * serverMs) / accepted,
    databaseUs: (1000 * databaseMs) / accepted,
  };
}

/**
 * pgbench's clients, capped to what the server still allows: max_connections less the connections
 * already open (the product's pool, other databases on a shared server) and a margin of 10 (the
 * reserved superuser slots among them). Without the cap 256 clients die with "too many clients already".
 */
async function pgbenchClients(wanted: number): Promise<number> {
  const probe = new pg.Client({ connectionString: databaseUrl.toString() });
  await probe.connect();
  try {
    const max = Number(
      (await probe.query<{ max_connections: string }>('show max_connections')).rows[0]?.max_connections,
    );
    const open = Number((await probe.query<{ n: string }>('select count(*) as n from pg_stat_activity')).rows[0]?.n);
    return Math.max(1, Math.min(wanted, max - open - 10));
  } finally {
    await probe.end();
  }
}

function pgbench(clients: number): number {
  const dir = mkdtempSync(join(tmpdir(), 'khel-pgbench-'));
  const script = join(dir, 'bet.sql');
  writeFileSync(
    script,
    [
      '\\set player random(1, 256)',
      'insert into pgbench_bets (player_id, stake_paise, odds_hundredths) values (:player, 100, 200);',
      'update pgbench_players set exposure_paise = exposure_paise + 100 where id = :player;',
      '',
    ].join('\n'),
  );
  const run = spawnSync(
    'pgbench',
    [
      '-n',
      '-f',
      script,
      '-c',
      String(clients),
      '-j',
      String(Math.min(clients, 2)),
      '-T',
      String(SECONDS),
      databaseUrl.toString(),
    ],
    { encoding: 'utf8' },
  );
  const tps = /tps = ([\d.]+)/.exec(run.stdout);
  if (tps === null) throw new Error(`pgbench failed: ${run.stderr}`);
  return Number(tps[1]);
}

/** The floor (floor-bets.mjs) in its own process on the bench's database, writing to its own markets. */
async function startFloor(floorMarkets: readonly Market[]) {
  const floorPort = await freePort();
  const child = spawn(process.execPath, ['apps/server/bench/floor-bets.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(floorPort),
      DATABASE_URL: databaseUrl.toString(),
      FLOOR_MARKETS: floorMarkets.map((market) => market.id).join(','),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) done();
    });
    child.once('exit', (code) => fail(new Error(`the floor exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${floorPort}`,
    path: '/floor/place-bet',
    pid: child.pid,
    floor: true,
    stop: () => child.kill('SIGTERM'),
  };
}

try {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode} before it was healthy`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  await monitor.connect();
  const director = (await call('POST', '/api/v1/login', { mobile_no: '919999900000', password: 'demo-director-1' }))
    .meta.token as string;
  const sport = await call<{ _id: string }>('POST', '/api/v1/backoffice/sports', { name: 'Cricket' }, director);
  const league = await call<{ _id: string }>(
    'POST',
    '/api/v1/backoffice/leagues',
    { sportId: sport.data._id, name: 'Bench League' },
    director,
  );
  /** 16 exchange markets, each on its own event. */
  async function exchangeMarkets(prefix: string): Promise<Market[]> {
    const made: Market[] = [];
    for (let i = 0; i < MARKETS; i += 1) {
      const event = await call<{ _id: string }>(
        'POST',
        '/api/v1/backoffice/events',
        { leagueId: league.data._id, name: `${prefix} ${i} v Rivals ${i}`, startTime: '2026-11-22T10:00:00Z' },
        director,
      );
      const market = await call<{ _id: string }>(
        'POST',
        '/api/v1/backoffice/markets',
        {
          eventId: event.data._id,
          marketType: 'EXCHANGE',
          name: 'Match Odds',
          runners: ['Home', 'Away'],
          betDelaySeconds: 0,
        },
        director,
      );
      const view = await call<{ runners: { _id: string }[] }>(
        'PUT',
        `/api/v1/backoffice/markets/${market.data._id}`,
        {},
        director,
      );
      made.push({ id: market.data._id, runner: view.data.runners[0]?._id as string });
    }
    return made;
  }
  const markets = await exchangeMarkets('Bench');
  // The floor's own markets: the product's lanes never read a log the floor wrote.
  const floorMarkets = CASES.has('floor') ? await exchangeMarkets('Floor') : [];
  /** 16 markets against the house, each on its own event, quoted once (the quotes the house pairs bet at). */
  async function houseMarkets(kind: 'BOOKMAKER' | 'FANCY'): Promise<Market[]> {
    const made: Market[] = [];
    for (let i = 0; i < MARKETS; i += 1) {
      const event = await call<{ _id: string }>(
        'POST',
        '/api/v1/backoffice/events',
        { leagueId: league.data._id, name: `House ${kind} ${i} v Rivals`, startTime: '2026-11-22T10:00:00Z' },
        director,
      );
      const market = await call<{ _id: string }>(
        'POST',
        '/api/v1/backoffice/markets',
        {
          eventId: event.data._id,
          marketType: kind,
          name: kind === 'FANCY' ? '6 over runs' : 'Bookmaker',
          runners: kind === 'FANCY' ? [] : ['Home', 'Away'],
          betDelaySeconds: 0,
        },
        director,
      );
      const view = await call<{ runners: { _id: string }[] }>(
        'PUT',
        `/api/v1/backoffice/markets/${market.data._id}`,
        {},
        director,
      );
      const runner = view.data.runners[0]?._id ?? '';
      const quoted =
        kind === 'BOOKMAKER'
          ? await call(
              'PUT',
              `/api/v1/backoffice/markets/${market.data._id}/bookmaker-rates`,
              { runners: [{ runnerId: runner, backRate: 45, layRate: 48 }] },
              director,
            )
          : await call(
              'PUT',
              `/api/v1/backoffice/markets/${market.data._id}/fancy-line`,
              { noLine: 62, noRate: 100, yesLine: 62, yesRate: 100 },
              director,
            );
      if (quoted.meta.code !== 200) throw new Error(`quoting a ${kind} market: ${quoted.meta.message}`);
      made.push({ id: market.data._id, runner });
    }
    return made;
  }
  const bookmakerMarkets = CASES.has('bookmaker') ? await houseMarkets('BOOKMAKER') : [];
  const fancyMarkets = CASES.has('fancy') ? await houseMarkets('FANCY') : [];
  const players = await signUpPlayers(PLAYERS, '87');
  await admin.end().catch(() => undefined);
  const peer = new pg.Client({ connectionString: databaseUrl.toString() });
  await peer.connect();
  await peer.query('create table pgbench_players (id int primary key, exposure_paise bigint not null default 0)');
  await peer.query('insert into pgbench_players (id) select generate_series(1, 256)');
  await peer.query(
    'create table pgbench_bets (id bigserial primary key, player_id int not null references pgbench_players(id), stake_paise bigint not null, odds_hundredths int not null, placed_at timestamptz not null default now())',
  );
  await peer.end();

  console.log(
    `\n== Bets over HTTP on PostgreSQL, autocannon, ${SECONDS} s per row (${PLAYERS} players; every bet matches another at 2.0)`,
  );
  console.log(
    '  case                         conns   bets/s   p50 ms   p99 ms   refused   server µs/bet   db µs/bet   pgbench tps   bets/tps',
  );
  const row = (
    label: string,
    conns: number,
    r: Awaited<ReturnType<typeof placeBets>>,
    peer?: { tps: number; clients: number },
  ) =>
    console.log(
      `  ${label.padEnd(28)} ${String(conns).padStart(5)} ${Math.round(r.betsPerSecond).toString().padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.refused + r.errors).padStart(9)}   ${Math.round(r.serverUs).toString().padStart(13)}   ${Math.round(r.databaseUs).toString().padStart(9)}   ${peer === undefined ? '' : `${Math.round(peer.tps).toString().padStart(11)}   ${(r.betsPerSecond / peer.tps).toFixed(2).padStart(8)}${peer.clients < conns ? `   (pgbench -c ${peer.clients}: max_connections)` : ''}`}`,
    );
  const floor = floorMarkets.length === 0 ? null : await startFloor(floorMarkets);
  const spread64: number[] = [];
  for (const conns of CASES.has('spread') ? LEVELS : []) {
    const result = await placeBets(markets, players, conns);
    const clients = await pgbenchClients(conns);
    row('16 markets, flat book', conns, result, { tps: pgbench(clients), clients });
    if (conns === 64) spread64.push(result.betsPerSecond);
    if (floor === null) continue;
    // The floor in the same run, right after: the same bets on its own 16 markets, a bare route and a group-committed insert.
    const bare = await placeBets(floorMarkets, players, conns, undefined, SECONDS, exchangePair, floor);
    row('floor: bare route, 1 insert', conns, bare);
    console.log(
      `    product ÷ floor: bets/s ${(result.betsPerSecond / bare.betsPerSecond).toFixed(2)}, server CPU per bet ${(result.serverUs / bare.serverUs).toFixed(2)}×, database CPU per bet ${(result.databaseUs / bare.databaseUs).toFixed(2)}×, both ${((result.serverUs + result.databaseUs) / (bare.serverUs + bare.databaseUs)).toFixed(2)}×`,
    );
  }
  if (floor !== null) {
    // The rows each side wrote on its markets, per bet: the floor writes what the product writes.
    const rowsOn = async (on: readonly Market[]) =>
      (
        await monitor.query<{ bets: string; fills: string; commands: string; exposures: string }>(
          `select (select count(*) from bets where market_id = any($1::uuid[])) as bets,
             (select count(*) from fills where market_id = any($1::uuid[])) as fills,
             (select count(*) from market_commands where market_id = any($1::uuid[])) as commands,
             (select count(*) from market_exposures where market_id = any($1::uuid[])) as exposures`,
          [on.map((market) => market.id)],
        )
      ).rows[0];
    const [product, bare] = [await rowsOn(markets), await rowsOn(floorMarkets)];
    const per = (row: typeof product, key: 'fills' | 'commands') => (Number(row?.[key]) / Number(row?.bets)).toFixed(2);
    console.log(
      `    rows per bet (product / floor): fills ${per(product, 'fills')} / ${per(bare, 'fills')}, engine commands ${per(product, 'commands')} / ${per(bare, 'commands')}; exposure rows ${product?.exposures} / ${bare?.exposures}`,
    );
    floor.stop();
  }
  if (CASES.has('realistic')) {
    // The realistic flow beside the matched pairs, at 64 connections: commands/s (bets and cancels) ÷ the pairs' bets/s.
    const flow = await placeBets(markets, players, 64, undefined, SECONDS, realisticFlow(20_261_128));
    row('16 markets, realistic flow', 64, flow);
    console.log(
      `    realistic flow: ${flowSeen.placed} offers placed, ${Math.round((100 * flowSeen.rested) / Math.max(1, flowSeen.placed))} % rested, ${flowSeen.cancels} cancels sent (${flowSeen.tooLate} too late: matched in full after resting), refused: ${[...flowSeen.refusals].map(([message, n]) => `${n} "${message}"`).join(', ') || 'none'}; ÷ matched pairs at 64 = ${spread64[0] === undefined ? 'n/a' : (flow.betsPerSecond / spread64[0]).toFixed(2)}`,
    );
    // Issue 30: the same flow (another seed) held at half the rate it just reached; its p99 against 100 ms.
    const half = await placeBets(
      markets,
      players,
      64,
      Math.max(1, Math.round(flow.betsPerSecond / 2)),
      SECONDS,
      realisticFlow(20_261_130),
    );
    row('realistic, half its peak', 64, half);
    console.log(`    at half its peak: p99 ${half.p99} ms (target ≤ 100 ms: ${half.p99 <= 100 ? 'met' : 'missed'})`);
    if (CONTENTION) {
      // Issue 30's contention case: the same flow (another seed) with a process spinning on one core beside it.
      const busy = await withBusyCore(() =>
        placeBets(markets, players, 64, undefined, SECONDS, realisticFlow(20_261_129)),
      );
      row('realistic, busy core beside', 64, busy);
      // Quiet once more (another seed), so the busy run sits between two quiet ones (busy-core.ts).
      const again = await placeBets(markets, players, 64, undefined, SECONDS, realisticFlow(20_261_131));
      row('realistic, quiet again', 64, again);
      const run = (r: typeof flow) => ({ rate: r.betsPerSecond, p99: r.p99 });
      console.log(`    ${contentionLine(run(flow), run(busy), run(again))}`);
    }
  }
  const hot = [markets[0] as Market];
  const hot64 = CASES.has('hot') ? await placeBets(hot, players, 64) : null;
  if (hot64 !== null) row('1 hot market, flat book', 64, hot64);
  // 1,000 resting offers that nothing at 2.0 can match: backs above 2.0, lays below it, by 16 players
  // (with 4, the backers' balances ran out after 100 offers each and only ≈ 650 offers rested).
  const setupRefused: string[] = [];
  const depth = CASES.has('deep') ? await signUpPlayers(16, '86') : [];
  const backPrices = [2.02, 2.1, 2.2, 2.5, 3, 3.5, 4, 5, 6, 8, 10, 15, 20, 30, 50, 100, 200, 500, 1000];
  const layPrices = [1.98, 1.9, 1.8, 1.7, 1.6, 1.5, 1.4, 1.3, 1.2, 1.1, 1.05, 1.01];
  for (let i = 0; i < (CASES.has('deep') ? RESTING_OFFERS : 0); i += 1) {
    const back = i % 2 === 0;
    const prices = back ? backPrices : layPrices;
    const placed = await call(
      'POST',
      '/api/v1/place-bet',
      {
        marketId: hot[0]?.id,
        selectionId: hot[0]?.runner,
        selectionType: back ? 'back' : 'lay',
        odds: prices[i % prices.length],
        stake: 100,
      },
      depth[i % depth.length],
    );
    if (placed.meta.code !== 200) setupRefused.push(placed.meta.message);
  }
  if (setupRefused.length > 0)
    console.log(
      `  (setup: ${setupRefused.length} of ${RESTING_OFFERS} resting offers refused, first: ${setupRefused[0]})`,
    );
  const deep64 = CASES.has('deep') ? await placeBets(hot, players, 64) : null;
  if (deep64 !== null) row(`1 hot market, ${RESTING_OFFERS} resting`, 64, deep64);
  // Bets against the house take the writer's transaction path (decision 0039, "Not done"): measured beside the exchange's.
  const house: [string, Market[], BetOf][] = [
    ['16 bookmaker markets', bookmakerMarkets, housePair('BOOKMAKER')],
    ['16 fancy markets', fancyMarkets, housePair('FANCY')],
  ];
  for (const [label, houseSet, betOf] of house) {
    if (houseSet.length === 0) continue;
    const result = await placeBets(houseSet, players, 64, undefined, SECONDS, betOf);
    row(label, 64, result);
    if (spread64[0] !== undefined)
      console.log(`    ${label} ÷ exchange spread at 64 = ${(result.betsPerSecond / spread64[0]).toFixed(2)}`);
  }
  if (CASES.has('fixed')) {
    // Latency at a steady 1,000 bets/s: the same rate for WARMUP_SECONDS first, not counted, so the row
    // measures the steady state rather than the wake of the previous case (pgbench's backlog, autovacuum).
    await placeBets(markets, players, 64, 1000, WARMUP_SECONDS);
    row('16 markets at 1,000 bets/s', 64, await placeBets(markets, players, 64, 1000));
  }
  const ratio = (a: { betsPerSecond: number } | null | undefined, b: { betsPerSecond: number } | null | undefined) =>
    a == null || b == null ? 'n/a' : (a.betsPerSecond / b.betsPerSecond).toFixed(2);
  console.log(
    `  ratios: hot/spread at 64 = ${hot64 === null || spread64[0] === undefined ? 'n/a' : (hot64.betsPerSecond / spread64[0]).toFixed(2)}, deep/flat (hot) = ${ratio(deep64, hot64)}`,
  );
} finally {
  await monitor.end().catch(() => undefined);
  server.kill('SIGTERM');
  await new Promise((done) => server.once('exit', done));
  if (process.env.BENCH_KEEP_DATABASE === '1') {
    // Kept for a look afterwards (a start of the product on it: the exposure repair's cost, docs/benchmarks.md).
    console.log(`  database kept: ${name} (role ${serverRole}); drop both when done`);
  } else {
    const cleanup = new pg.Client({ connectionString: ADMIN_URL });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.query(`drop role if exists ${serverRole}`);
    await cleanup.end();
  }
}
