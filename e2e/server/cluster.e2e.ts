import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Cluster } from '../../scripts/cluster.mjs';
import { startCluster } from '../../scripts/cluster.mjs';
import { ledgerViolations } from '../../apps/server/test/ledger-invariants.js';
import { openPostgresDatabase } from '../../apps/server/src/db/postgres-database.js';
import { DEMO, DESKTOP, api, freshMobile, launchBrowser, loginToken, readOtp } from '../support/harness.js';
import { scratchDatabase } from '../support/scratch-database.js';
import { betToast, uiLogin } from '../player/support.js';
import { openPage } from '../support/pages.js';

/**
 * Issue 29: "Two or more server processes behind HAProxy (Debian's package), with WebSockets, tested
 * end to end: a browser test bets and watches prices through the load balancer while one process is
 * stopped and started again." `npm run cluster`'s own code starts it: two processes on one PostgreSQL
 * database, a Redis of its own, HAProxy checking readiness. Each process in turn is drained (SIGTERM)
 * and started again while the player's page keeps betting and seeing prices move.
 */
const database = scratchDatabase('khel_cluster');
let cluster: Cluster;
let browser: Browser;
let page: Page;
let director: string;
let layer: string;
let marketId: string;
let runnerId: string;

beforeAll(async () => {
  await database.create();
  cluster = await startCluster({
    processes: 2,
    databaseUrl: database.url.toString(),
    env: { DEMO_FEED: 'false' },
    log: () => undefined,
  });
  browser = await launchBrowser();
  director = await loginToken(cluster.url, DEMO.director.mobileNo, DEMO.director.password);
  const created = async (path: string, body: unknown) => {
    const answer = await api<{ _id: string }>(cluster.url, 'POST', path, { token: director, body });
    if (answer.meta.code !== 200) throw new Error(`${path}: ${answer.meta.message}`);
    return answer.data._id;
  };
  const sport = await created('/api/v1/backoffice/sports', { name: 'Cricket' });
  const league = await created('/api/v1/backoffice/leagues', { sportId: sport, name: 'Cluster League' });
  const event = await created('/api/v1/backoffice/events', {
    leagueId: league,
    name: 'Ravens v Kites',
    startTime: '2026-12-22T10:00:00Z',
  });
  marketId = await created('/api/v1/backoffice/markets', {
    eventId: event,
    marketType: 'EXCHANGE',
    name: 'Match Odds',
    runners: ['Ravens', 'Kites'],
    betDelaySeconds: 0,
  });
  const detail = await api<{ markets: { _id: string; runners: { _id: string }[] }[] }>(
    cluster.url,
    'GET',
    '/api/v1/event?sport=cricket&league=cluster-league&event=ravens-v-kites',
  );
  runnerId = detail.data.markets[0]?.runners[0]?._id as string;

  // The other side of the book: a player who lays through the balancer's API.
  const { mobileNo } = freshMobile();
  await api(cluster.url, 'POST', '/api/v1/signUp', {
    body: {
      name: 'Cluster Layer',
      mobile_no: mobileNo,
      password: 'cluster-layer-1',
      confirmPassword: 'cluster-layer-1',
      ageConfirmed: true,
    },
  });
  const verified = await api(cluster.url, 'POST', '/api/v1/verify-otp', {
    body: { mobile_no: mobileNo, otp: await readOtp(cluster.url, mobileNo) },
  });
  layer = verified.meta.token as string;

  ({ page } = await openPage(browser, DESKTOP));
  await uiLogin(page, cluster.url, DEMO.player.national, DEMO.player.password);
  await page.getByTestId('balance-amount').waitFor();
  await page.goto(`${cluster.url}/event?sport=cricket&league=cluster-league&event=ravens-v-kites`);
  await page.getByTestId('exchange-market').waitFor();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await cluster?.stop();
  await database.drop();
});

/** A lay offer at `odds` for ₹`stake` from the other player: backers see it on the back side. */
async function offerLay(odds: number, stake: number): Promise<void> {
  const placed = await api(cluster.url, 'POST', '/api/v1/place-bet', {
    token: layer,
    body: { marketId, selectionId: runnerId, selectionType: 'lay', odds, stake },
  });
  expect(placed.meta.code).toBe(200);
}

/** The page sees the offer live, backs it through the bet slip, and the slip says matched. */
async function seeAndBack(odds: number, stake: number, label: string): Promise<void> {
  const cell = page.getByRole('button', { name: new RegExp(`^Back Ravens ${odds}, ${label}$`) });
  await cell.waitFor({ timeout: 20_000 });
  await cell.click();
  const slip = page.getByTestId('bet-slip');
  await slip.getByTestId('slip-stake').fill(String(stake));
  await slip.getByTestId('place-bet').click();
  // Accepted: the slip closes with a toast (issue 31).
  expect(await betToast(page, /matched/i)).toMatch(/matched/i);
}

describe('the cluster behind HAProxy', () => {
  it('keeps betting and pricing in the browser while each process in turn is drained and started again', async () => {
    await offerLay(2.5, 700);
    await seeAndBack(2.5, 100, '700');

    for (const [index, stopped] of cluster.processes.entries()) {
      const code = await stopped.stop();
      expect(code, `${stopped.name} exit code\n${stopped.output()}`).toBe(0);
      // With one process left, prices still move on the page (its socket came back through HAProxy) and bets go through.
      // Each new offer is the best price for backers, so it is the one the page shows first.
      const [whileDown, afterRestart] = index === 0 ? [3, 4] : [5, 6];
      await offerLay(whileDown, 500);
      await seeAndBack(whileDown, 100, '500');
      await stopped.start();
      // Back in rotation once HAProxy's checks see it ready; the page keeps working.
      await offerLay(afterRestart, 300);
      await seeAndBack(afterRestart, 100, '300');
    }

    // Every bet the page and the layer were answered for is in the database, once, and the journal holds.
    const db = openPostgresDatabase(cluster.databaseUrl, { max: 2 });
    try {
      const bets = await db.query<{ count: number }>('select count(*)::int as count from bets where market_id = $1', [
        marketId,
      ]);
      expect(bets.rows[0]?.count).toBe(10);
      expect(await ledgerViolations(db)).toEqual([]);
    } finally {
      await db.close();
    }
  }, 300_000);
});
