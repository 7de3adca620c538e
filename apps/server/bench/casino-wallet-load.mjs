// The load generator of apps/server/bench/casino-wallet-bench.ts, in its own process so it does not share the
// server's event loop: autocannon at CONNECTIONS connections, each cycling a signed debit then a signed
// credit of the same round (a pair). Prints one JSON line per target.
import { createHmac } from 'node:crypto';
import autocannon from 'autocannon';

const { TARGETS, SECRET, PLAYERS, CONNECTIONS, SECONDS } = process.env;
const players = JSON.parse(PLAYERS);
let rounds = 0;

function signed(request, path, payload) {
  const body = JSON.stringify({ ...payload, timestamp: Date.now() });
  request.method = 'POST';
  request.path = `/api/v1/casino-wallet/${path}`;
  request.body = body;
  request.headers = {
    'content-type': 'application/json',
    'x-provider': 'bench',
    'x-signature': createHmac('sha256', SECRET).update(body).digest('hex'),
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
          context.round = `r${process.pid}-${rounds}`;
          context.playerId = players[rounds % players.length];
          return signed(request, 'debit', {
            playerId: context.playerId,
            transactionId: `d-${context.round}`,
            roundId: context.round,
            gameCode: 'bench-slot',
            amount: 1,
          });
        },
      },
      {
        setupRequest(request, context) {
          return signed(request, 'credit', {
            playerId: context.playerId,
            transactionId: `c-${context.round}`,
            roundId: context.round,
            gameCode: 'bench-slot',
            amount: rounds % 3 === 0 ? 1.9 : 0,
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
      calls: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
    }),
  );
}
