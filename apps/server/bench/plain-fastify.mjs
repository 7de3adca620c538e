// The peer of http-bench.ts: a bare Fastify route in its own process, what this machine answers when a
// request pays for nothing but HTTP and JSON.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/ping', async () => ({ meta: { code: 200, message: 'ok' }, data: null }));
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening ${address}`);
