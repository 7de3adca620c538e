// The floor of a bet (issue 30): a bare Fastify route in its own process that writes the rows a matched
// exchange bet writes in the product, in the same tables (same indexes, foreign keys, CHECKs and
// triggers), through ONE group-committed multi-row statement, and answers only after that commit.
// What it leaves out is what makes the product a product: sessions, schemas, limits, the engine's
// refusals, the book's depth, snapshots, live updates. The bets bench runs it beside the product in the
// same run (`FLOOR_MARKETS`: market ids of its own, never the product's, whose lanes would read its log).
//
// Per bet, as the product: the bet row; when it matches, the resting offer's change and the fill; the
// player's market exposure (upsert) and, when it moved, the wallet's exposure; the idempotency answer;
// the engine command in the market's log. A matching offer is any resting one of the other side (the
// bench bets at one price), its stake taken whole or in part.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
const MAX_BATCH = 256;

/** Each market's event, first runner, next engine sequence and resting offers (FIFO). */
const markets = new Map();
for (const id of (process.env.FLOOR_MARKETS ?? '').split(',').filter(Boolean)) {
  const { rows } = await pool.query(
    `select m.event_id, m.version, (select r.id from runners r where r.market_id = m.id order by r.sort_order, r.id limit 1) as runner_id,
       coalesce((select max(seq) from market_commands c where c.market_id = m.id), 0)::bigint as seq
     from markets m where m.id = $1`,
    [id],
  );
  const row = rows[0];
  markets.set(id, {
    eventId: row.event_id,
    version: row.version,
    runnerId: row.runner_id,
    seq: Number(row.seq),
    resting: [],
  });
}
/** Each player's main account id and, per market, net backed stake (its exposure follows from it). */
const accounts = new Map();
const positions = new Map();

const SQL = `with
  inserted_bets as (insert into bets (id, user_id, market_id, event_id, runner_id, side, price_h, stake_paise, matched_paise, matched_price_sum, status, wallet, persistence, placed_version, created_at)
    select b.id, b.user_id, b.market_id, b.event_id, b.runner_id, b.side, b.price_h, b.stake_paise, b.matched_paise, b.matched_price_sum, b.status, 'main', 'lapse', b.placed_version, now()
    from jsonb_to_recordset($1::jsonb) as b(id uuid, user_id uuid, market_id uuid, event_id uuid, runner_id uuid, side text, price_h integer, stake_paise bigint, matched_paise bigint, matched_price_sum bigint, status text, placed_version integer)
    returning 1),
  updated_bets as (update bets t set matched_paise = b.matched_paise, matched_price_sum = b.matched_price_sum, status = b.status
    from jsonb_to_recordset($2::jsonb) as b(id uuid, matched_paise bigint, matched_price_sum bigint, status text)
    where t.id = b.id and t.id = any(array(select (x->>'id')::uuid from jsonb_array_elements($2::jsonb) x)) returning 1),
  inserted_fills as (insert into fills (market_id, runner_id, price_h, stake_paise, back_bet_id, lay_bet_id, created_at)
    select f.market_id, f.runner_id, f.price_h, f.stake_paise, f.back_bet_id, f.lay_bet_id, now()
    from jsonb_to_recordset($3::jsonb) as f(market_id uuid, runner_id uuid, price_h integer, stake_paise bigint, back_bet_id uuid, lay_bet_id uuid) returning 1),
  upserted as (insert into market_exposures (user_id, market_id, wallet, exposure_paise, outcomes)
    select e.user_id, e.market_id, 'main', e.exposure_paise, e.outcomes
    from jsonb_to_recordset($4::jsonb) as e(user_id uuid, market_id uuid, exposure_paise bigint, outcomes jsonb)
    on conflict (user_id, market_id, wallet) do update set exposure_paise = excluded.exposure_paise, outcomes = excluded.outcomes returning 1),
  wallets as (update ledger_accounts a set exposure_paise = a.exposure_paise + w.delta
    from jsonb_to_recordset($5::jsonb) as w(id bigint, delta bigint) where a.id = w.id returning 1),
  answers as (insert into idempotency_keys (user_id, key, route, request_hash, response, created_at)
    select i.user_id, i.key, 'place-bet', i.hash, i.response, now()
    from jsonb_to_recordset($6::jsonb) as i(user_id uuid, key text, hash text, response jsonb) returning 1),
  appended as (insert into market_commands (market_id, seq, command)
    select c.market_id, c.seq, c.command from jsonb_to_recordset($7::jsonb) as c(market_id uuid, seq bigint, command jsonb) returning 1)
  select (select count(*) from inserted_bets) as bets`;

let queue = [];
let inFlight = false;

/** The group commit: everything queued goes in one statement (committed on its own), then every bet is answered. */
async function flush() {
  if (inFlight || queue.length === 0) return;
  inFlight = true;
  const batch = queue.splice(0, MAX_BATCH);
  const inserted = new Map();
  const updated = new Map();
  const fills = [];
  const exposures = new Map();
  const moves = new Map();
  const answers = [];
  const commands = [];
  for (const { bet, matched, exposure, move, answer, command } of batch) {
    inserted.set(bet.id, bet);
    for (const { offer, stake } of matched) {
      // An offer inserted by this same statement is written as it ends, not updated (a statement's parts do not see each other's rows).
      const target = inserted.get(offer.id) ??
        updated.get(offer.id) ?? {
          id: offer.id,
          matched_paise: offer.matched,
          matched_price_sum: 0,
          status: 'unmatched',
        };
      target.matched_paise = offer.matched;
      target.matched_price_sum = (offer.matched * 200) / 100;
      target.status = offer.matched === offer.stake ? 'matched' : 'unmatched';
      if (!inserted.has(offer.id)) updated.set(offer.id, target);
      fills.push({
        market_id: bet.market_id,
        runner_id: bet.runner_id,
        price_h: 200,
        stake_paise: stake,
        back_bet_id: bet.side === 'back' ? bet.id : offer.id,
        lay_bet_id: bet.side === 'lay' ? bet.id : offer.id,
      });
    }
    for (const row of exposure) exposures.set(`${row.user_id}:${row.market_id}`, row);
    for (const [id, delta] of move) moves.set(id, (moves.get(id) ?? 0) + delta);
    answers.push(answer);
    commands.push(command);
  }
  try {
    await pool.query(SQL, [
      JSON.stringify([...inserted.values()]),
      JSON.stringify([...updated.values()]),
      JSON.stringify(fills),
      JSON.stringify([...exposures.values()]),
      JSON.stringify([...moves].filter(([, delta]) => delta !== 0).map(([id, delta]) => ({ id, delta }))),
      JSON.stringify(answers),
      JSON.stringify(commands),
    ]);
    for (const item of batch) item.resolve();
  } catch (error) {
    for (const item of batch) item.reject(error);
  } finally {
    inFlight = false;
    if (queue.length > 0) setImmediate(flush);
  }
}

async function accountOf(userId) {
  let id = accounts.get(userId);
  if (id === undefined) {
    const { rows } = await pool.query("select id from ledger_accounts where user_id = $1 and kind = 'player_main'", [
      userId,
    ]);
    id = Number(rows[0].id);
    accounts.set(userId, id);
  }
  return id;
}

/** A player's exposure on a market from their net backed stake at 2.0: the worse of the two outcomes, never above 0. */
function exposureRow(userId, marketId, runnerId, net) {
  return {
    user_id: userId,
    market_id: marketId,
    exposure_paise: Math.min(0, net, -net),
    outcomes: { [runnerId]: net },
  };
}

const app = Fastify({ logger: false });
app.post('/floor/place-bet', async (request) => {
  const userId = request.headers['x-user'];
  const body = request.body;
  const market = markets.get(body.marketId);
  const stake = Math.round(body.stake * 100);
  await accountOf(userId);
  const bet = {
    id: crypto.randomUUID(),
    user_id: userId,
    market_id: body.marketId,
    event_id: market.eventId,
    runner_id: market.runnerId,
    side: body.selectionType,
    price_h: Math.round(body.odds * 100),
    stake_paise: stake,
    matched_paise: 0,
    matched_price_sum: 0,
    status: 'unmatched',
    placed_version: market.version,
  };
  // Match against resting offers of the other side, oldest first.
  const matched = [];
  let left = stake;
  const touched = new Map([[userId, body.selectionType === 'back' ? stake : -stake]]);
  while (left > 0 && market.resting.length > 0 && market.resting[0].side !== bet.side) {
    const offer = market.resting[0];
    const take = Math.min(left, offer.stake - offer.matched);
    offer.matched += take;
    left -= take;
    matched.push({ offer, stake: take });
    // The counterparty's exposure row is written again too, as the product's batch does for both players of a fill.
    if (!touched.has(offer.userId)) touched.set(offer.userId, 0);
    if (offer.matched === offer.stake) market.resting.shift();
  }
  bet.matched_paise = stake - left;
  bet.matched_price_sum = (bet.matched_paise * 200) / 100;
  bet.status = left === 0 ? 'matched' : 'unmatched';
  if (left > 0) market.resting.push({ id: bet.id, side: bet.side, userId, stake, matched: stake - left });
  const exposure = [];
  const move = new Map();
  for (const [user, delta] of touched) {
    const key = `${user}:${body.marketId}`;
    const before = positions.get(key) ?? 0;
    const after = before + delta;
    positions.set(key, after);
    exposure.push(exposureRow(user, body.marketId, market.runnerId, after));
    const moved = Math.min(0, after, -after) - Math.min(0, before, -before);
    if (moved !== 0) move.set(await accountOf(user), moved);
  }
  market.seq += 1;
  const command = {
    market_id: body.marketId,
    seq: market.seq,
    command: {
      type: 'place',
      seq: market.seq,
      offerId: bet.id,
      ownerId: userId,
      runnerId: market.runnerId,
      side: bet.side,
      priceHundredths: bet.price_h,
      stakePaise: stake,
      persistence: 'lapse',
    },
  };
  const answer = { _id: bet.id, status: bet.status, matchedStake: bet.matched_paise / 100 };
  await new Promise((resolve, reject) => {
    queue.push({
      bet,
      matched,
      exposure,
      move,
      answer: { user_id: userId, key: String(request.headers['idempotency-key']), hash: '', response: answer },
      command,
      resolve,
      reject,
    });
    setImmediate(flush);
  });
  return { meta: { code: 200, message: 'ok' }, data: answer };
});
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening ${address}`);
