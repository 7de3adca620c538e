/**
 * `npm run feed -- book` on the recorded NED v PNG file. The expected object was computed from the raw
 * file by a separate, independent replay (a few lines of Python applying atb/atl/ltp/tv by price), not
 * by our cache.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const FILE = join(ROOT, 'fixtures/betfair/1.200806927.jsonl.gz');
const feed = (...args: string[]) =>
  spawnSync(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'scripts/feed.ts'), ...args], { encoding: 'utf8' });

describe('npm run feed -- book', { timeout: 180_000 }, () => {
  it('prints the book at a publish time: status, delay, ltp/tv and the best three prices each side', () => {
    const result = feed('book', FILE, '--at', '1657544081066');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      marketId: '1.200806927',
      pt: 1657544081066,
      status: 'OPEN',
      inPlay: true,
      betDelay: 5,
      runners: [
        {
          id: 228749,
          status: 'ACTIVE',
          ltp: 1.22,
          tv: 161492.81,
          back: [
            [1.22, 135.45],
            [1.21, 2240.98],
            [1.2, 35.52],
          ],
          lay: [
            [1.23, 168.29],
            [1.24, 231.76],
            [1.25, 387.39],
          ],
        },
        {
          id: 2857977,
          status: 'ACTIVE',
          ltp: 5.5,
          tv: 9308.47,
          back: [
            [4, 32.07],
            [3, 0.43],
            [2.2, 13.41],
          ],
          lay: [
            [5.5, 2.37],
            [6, 10.11],
            [6.8, 52.59],
          ],
        },
      ],
    });
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('without --at applies the whole file: closed, Netherlands the winner', () => {
    const view = JSON.parse(
      execFileSync(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'scripts/feed.ts'), 'book', FILE], {
        encoding: 'utf8',
      }),
    );
    expect(view).toMatchObject({ status: 'CLOSED', inPlay: true, betDelay: 5 });
    expect(view.runners.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([
      [228749, 'WINNER'],
      [2857977, 'LOSER'],
    ]);
  });

  it('refuses bad arguments with the usage and exit code 2', () => {
    for (const args of [['nope'], ['book', FILE, '--at', 'soon'], ['book', FILE, '--at', '5']]) {
      const result = feed(...args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('usage: npm run feed -- book <file>');
    }
  });
});
