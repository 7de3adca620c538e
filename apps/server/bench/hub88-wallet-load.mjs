// The load generator of apps/server/bench/hub88-wallet-bench.ts, in its own process: autocannon at
// CONNECTIONS connections, each cycling a signed Hub88 bet then its signed win (a pair), as Hub88 sends them
// (RSA-SHA256 of the body, base64, in X-Hub88-Signature). Prints one JSON line per target.
import { createPrivateKey, randomUUID, sign } from 'node:crypto';
import autocannon from 'autocannon';

const { TARGETS, AGGREGATOR_KEY, PLAYERS, CONNECTIONS, SECONDS } = process.env;
const key = createPrivateKey(AGGREGATOR_KEY);
const players = JSON.parse(PLAYERS);
let rounds = 0;

function signed(request, path, payload) {
  const body = JSON.stringify(payload);
  request.method = 'POST';
  request.path = `/api/v1/hub88/${path}`;
  request.body = body;
  request.headers = {
    'content-type': 'application/json',
    'x-hub88-signature': sign('sha256', Buffer.from(body), key).toString('base64'),
  };
  return request;
}

for (const target of JSON.parse(TARGETS)) {
  const result = await autocannon({
    url: target.url,
    connections: Number(CONNECTIONS),
    duration: Number(SECONDS),
    requests: [
      {
        setupRequest(request, context) {
          rounds += 1;
          const player = players[rounds % players.length];
          context.bet = {
            user: player.user,
            transaction_uuid: randomUUID(),
            token: player.token,
            round: `b${process.pid}-${rounds}`,
            request_uuid: randomUUID(),
            is_free: false,
            game_code: 'bench_roulette',
            currency: 'INR',
            amount: 100_000,
          };
          return signed(request, 'transaction/bet', context.bet);
        },
      },
      {
        setupRequest(request, context) {
          return signed(request, 'transaction/win', {
            ...context.bet,
            transaction_uuid: randomUUID(),
            request_uuid: randomUUID(),
            reference_transaction_uuid: context.bet.transaction_uuid,
            amount: rounds % 3 === 0 ? 190_000 : 0,
          });
        },
      },
    ],
  });
  console.log(
    JSON.stringify({
      name: target.name,
      callsPerSecond: result.requests.average,
      pairsPerSecond: result.requests.average / 2,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    }),
  );
}
