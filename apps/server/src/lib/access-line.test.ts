import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createAccessLine } from './access-line.js';

/** What Fastify's logger (pino) writes for the access line on a request logger (its child with the request id). */
async function pinoLine(
  reqId: string,
  fields: { method: string; path: string; status: number; ms: number },
  nowMs: number,
): Promise<string> {
  const lines: string[] = [];
  const app = Fastify({
    logger: {
      level: 'info',
      timestamp: () => `,"time":${nowMs}`,
      base: { pid: 4242, hostname: 'khel-host' },
      stream: { write: (line: string) => lines.push(line) },
    },
  });
  app.log.child({ reqId }).info(fields, 'request');
  await app.close();
  return lines.find((line) => line.includes('"msg":"request"')) as string;
}

describe('the access line (decision 0029)', () => {
  const cases: [string, string, string, number, number][] = [
    ['2f0c8f0e-5f5e-4c55-9d1c-3a1a9d0b7c11', 'GET', '/api/v1/getUserData', 200, 1.4],
    ['client-chosen "id"\\ with\nnewline', 'POST', '/api/v1/login?next=%2F', 401, 12.6],
    ['ü-ñ-\u2028-\u0001', 'GET', '/ws?token=secret-token-value', 101, 0],
    ['x', 'DELETE', '/api/v1/a"b\\c/ü?q="x"', 500, 2999.5],
  ];

  it.each(cases)(
    'writes what pino writes, key for key and in order, without the query (%s)',
    async (reqId, method, url, status, elapsed) => {
      const lines: string[] = [];
      createAccessLine({
        enabled: true,
        write: (line) => lines.push(line),
        pid: 4242,
        hostname: 'khel-host',
        nowMs: () => 1_764_000_000_123,
      })(reqId, method, url, status, elapsed);
      const path = url.split('?')[0] as string;
      const expected = await pinoLine(reqId, { method, path, status, ms: Math.round(elapsed) }, 1_764_000_000_123);
      expect(lines).toHaveLength(1);
      const ours = lines[0] as string;
      expect(ours.endsWith('\n')).toBe(true);
      expect(JSON.parse(ours)).toEqual(JSON.parse(expected));
      expect(Object.keys(JSON.parse(ours))).toEqual(Object.keys(JSON.parse(expected)));
      expect(ours).not.toContain('secret-token-value');
    },
  );

  it('writes nothing when the level is above info', () => {
    const lines: string[] = [];
    createAccessLine({ enabled: false, write: (line) => lines.push(line) })('id', 'GET', '/', 200, 1);
    expect(lines).toEqual([]);
  });
});
