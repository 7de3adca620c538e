// The subscribers of ws-bench.ts, in their own process: opens N sockets to a URL, subscribes each to
// one market, and reports every message's arrival (count, first and last arrival, epoch ms) on demand.
import WebSocket from 'ws';

const [url, countText, marketId] = process.argv.slice(2);
const count = Number(countText);
const sockets = [];
let received = 0;
let first = 0;
let last = 0;
const lastSeqOf = new Array(count).fill(0);
const sentAtBySeq = new Map();

for (let i = 0; i < count; i += 1) {
  const socket = new WebSocket(url, { perMessageDeflate: false });
  sockets.push(socket);
  socket.on('message', (data) => {
    const now = Date.now();
    const text = data.toString();
    const match = /"seq":(\d+),"sentAt":(\d+)/.exec(text);
    if (match === null) return;
    received += 1;
    if (first === 0) first = now;
    last = now;
    lastSeqOf[i] = Number(match[1]);
    const seq = Number(match[1]);
    const latest = sentAtBySeq.get(seq);
    if (latest === undefined || now > latest.lastAt)
      sentAtBySeq.set(seq, { sentAt: Number(match[2]), lastAt: now, firstAt: latest?.firstAt ?? now });
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'subscribe', marketIds: [marketId], eventIds: [] }));
}
process.send({ type: 'ready' });
process.on('message', (message) => {
  if (message.type === 'reset') {
    received = 0;
    first = 0;
    last = 0;
    sentAtBySeq.clear();
    process.send({ type: 'reset' });
  } else if (message.type === 'report') {
    const spans = [...sentAtBySeq.values()].map((entry) => entry.lastAt - entry.sentAt);
    process.send({ type: 'report', received, first, last, spans, minLastSeq: Math.min(...lastSeqOf) });
  } else if (message.type === 'close') {
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  }
});
