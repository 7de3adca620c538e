import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import { buildApp } from '../../app.js';
import type { TestApp } from '../../../test/test-app.js';
import { call, cancelBet, createOperator, createTestApp, placeBet, signUpPlayer } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { positionViolations } from '../../../test/position-invariants.js';
import { newMarket } from '../../../test/two-processes.js';
import { EXPOSURE_ROWS_REPAIR } from './exposure-repair.js';
import type { RepairLog } from './exposure-repair.js';

/**
 * Decision 0081: exposure rows a fill outside a group commit left stale before commit 82dc13d (the
 * counterparty of an edited offer, a cash out's hedge, a delayed bet) are recomputed from the fills at a
 * server's start (every start: the repair is safe to run any number of times), with the money they
 * reserve, audited; right rows are left alone.
 */
type Player = { token: string; userId: string };
type Market = { id: string; runners: string[] };

let t: TestApp;
let director: Player;

beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
});
afterAll(async () => t.close());

/** The repair's log lines, kept. */
function recordingLog(): RepairLog & { lines: { level: string; details: object; message: string }[] } {
  const lines: { level: string; details: object; message: string }[] = [];
  return {
    lines,
    info: (details, message) => lines.push({ level: 'info', details, message }),
    error: (details, message) => lines.push({ level: 'error', details, message }),
  };
}

/** A run that found nothing to do: its one summary line, nothing repaired or refused. */
function quiet(log: ReturnType<typeof recordingLog>): boolean {
  const [line, ...rest] = log.lines;
  return (
    rest.length === 0 &&
    line?.level === 'info' &&
    line.message === 'exposure rows checked against their fills' &&
    (line.details as { repaired?: number }).repaired === 0 &&
    (line.details as { refused?: unknown[] }).refused?.length === 0 &&
    typeof (line.details as { durationMs?: unknown }).durationMs === 'number'
  );
}

/** The player's main wallet as the ledger holds it, and the sum of their exposure rows on it. */
async function walletOf(player: Player) {
  const account = (
    await t.db.query<{ balance_paise: number; exposure_paise: number }>(
      "select balance_paise, exposure_paise from ledger_accounts where user_id = $1 and kind = 'player_main'",
      [player.userId],
    )
  ).rows[0] as { balance_paise: number; exposure_paise: number };
  const rows = (
    await t.db.query<{ total: number }>(
      "select coalesce(sum(exposure_paise), 0)::bigint as total from market_exposures where user_id = $1 and wallet = 'main'",
      [player.userId],
    )
  ).rows[0] as { total: number };
  return { balancePaise: account.balance_paise, exposurePaise: account.exposure_paise, rowsPaise: rows.total };
}

async function rowOf(player: Player, marketId: string) {
  return (
    await t.db.query<{ exposure_paise: number; outcomes: Record<string, number> }>(
      "select exposure_paise, outcomes from market_exposures where user_id = $1 and market_id = $2 and wallet = 'main'",
      [player.userId, marketId],
    )
  ).rows[0];
}

const refusalAudits = async () =>
  (
    await t.db.query<{
      target_type: string;
      target_id: string;
      actor_id: string | null;
      details: Record<string, unknown>;
    }>(
      "select target_type, target_id, actor_id, details from audit_log where action = 'exposure.repair_refused' order by seq",
    )
  ).rows;
const repairAudits = async () =>
  (
    await t.db.query<{ target_id: string; actor_id: string | null; details: Record<string, unknown> }>(
      "select target_id, actor_id, details from audit_log where action = 'exposure.repair' order by seq",
    )
  ).rows;

/** The market's last logged engine sequence (the snapshot's, or a command's after it): what tells a lane it is behind. */
const logSeq = async (marketId: string) =>
  (
    await t.db.query<{ seq: number }>(
      'select greatest(book_seq, coalesce((select max(seq) from market_commands c where c.market_id = m.id), 0))::bigint as seq from markets m where id = $1',
      [marketId],
    )
  ).rows[0]?.seq as number;

/**
 * What the bug left, made by the product's own paths: the maker's resting back of ₹1,000 at 2.0 is
 * filled for ₹200 by another player's edited offer, then the maker's row is put back to what it held
 * before the fill (the old edit refreshed only the editor's row). The maker then cancels the rest: read
 * from the stale row, that releases the ₹200 the matched part still risks.
 */
async function staleCounterparty(m: Market): Promise<{ maker: Player; matchedPaise: number }> {
  const maker = await signUpPlayer(t);
  const layer = await signUpPlayer(t);
  const offer = await placeBet(t.app, maker.token, {
    marketId: m.id,
    selectionId: m.runners[0],
    selectionType: 'back',
    odds: 2,
    stake: 1000,
  });
  expect(offer.status).toBe('unmatched');
  const before = await rowOf(maker, m.id);
  const lay = await placeBet(t.app, layer.token, {
    marketId: m.id,
    selectionId: m.runners[0],
    selectionType: 'lay',
    odds: 1.5,
    stake: 200,
  });
  const edited = await call(t.app, 'POST', '/api/v1/edit-bet', {
    token: layer.token,
    body: { betId: lay._id, odds: 2 },
  });
  expect(edited.body.meta, JSON.stringify(edited.body.meta)).toMatchObject({ code: 200 });
  await t.db.query(
    "update market_exposures set outcomes = $3::jsonb where user_id = $1 and market_id = $2 and wallet = 'main'",
    [maker.userId, m.id, JSON.stringify(before?.outcomes ?? {})],
  );
  expect(await positionViolations(t.db, m.id)).not.toEqual([]);
  await cancelBet(t.app, maker.token, offer._id);
  const matchedPaise = (
    await t.db.query<{ matched_paise: number }>('select matched_paise from bets where id = $1', [offer._id])
  ).rows[0]?.matched_paise as number;
  expect(matchedPaise).toBe(200_00);
  // The old bug's money: nothing reserved for the matched ₹200.
  expect((await walletOf(maker)).exposurePaise).toBe(0);
  return { maker, matchedPaise };
}

describe('the exposure rows repair (decision 0081)', () => {
  it('writes nothing where every row is right', async () => {
    const m = await newMarket(t, director.token);
    const [backer, layer] = [await signUpPlayer(t), await signUpPlayer(t)];
    const back = await placeBet(t.app, backer.token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'back',
      odds: 3,
      stake: 500,
    });
    await placeBet(t.app, layer.token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'lay',
      odds: 3,
      stake: 200,
    });
    await cancelBet(t.app, backer.token, back._id);
    await placeBet(t.app, layer.token, {
      marketId: m.id,
      selectionId: m.runners[1],
      selectionType: 'lay',
      odds: 1.8,
      stake: 100,
    });
    expect(await positionViolations(t.db, m.id)).toEqual([]);
    const seq = await logSeq(m.id);
    const audited = (await repairAudits()).length;
    const rows = (
      await t.db.query('select * from market_exposures where market_id = $1 order by user_id, wallet', [m.id])
    ).rows;
    const wallets = [await walletOf(backer), await walletOf(layer)];
    const journal = (await t.db.query<{ n: number }>('select count(*)::int as n from journal_transactions')).rows[0];

    expect(await t.services.exposureRepair.repairMarket(m.id)).toEqual([]);
    const log = recordingLog();
    expect(await t.services.exposureRepair.repairOpenMarkets(log)).toMatchObject({ repaired: 0, rows: 0, refused: [] });

    expect(quiet(log)).toBe(true);
    expect(await logSeq(m.id)).toBe(seq);
    expect(await repairAudits()).toHaveLength(audited);
    expect(
      (await t.db.query('select * from market_exposures where market_id = $1 order by user_id, wallet', [m.id])).rows,
    ).toEqual(rows);
    expect([await walletOf(backer), await walletOf(layer)]).toEqual(wallets);
    expect((await t.db.query<{ n: number }>('select count(*)::int as n from journal_transactions')).rows[0]).toEqual(
      journal,
    );
  });

  it('recomputes a stale counterparty row from its fills, moves the wallet with it, audits it, and a second run changes nothing', async () => {
    const m = await newMarket(t, director.token);
    const { maker, matchedPaise } = await staleCounterparty(m);
    // A second process holds the market's lane with the maker's stale row: an offer it places for them.
    const other = await buildApp({ config: t.config, db: t.db, clock: t.clock });
    await other.app.ready();
    try {
      const offer = await placeBet(other.app, maker.token, {
        marketId: m.id,
        selectionId: m.runners[1],
        selectionType: 'lay',
        odds: 1.5,
        stake: 100,
      });
      expect(offer.status).toBe('unmatched');
      const stale = await positionViolations(t.db, m.id);
      expect(stale).not.toEqual([]);
      const before = await walletOf(maker);
      expect(before.exposurePaise).toBe(before.rowsPaise);
      const seqBefore = await logSeq(m.id);
      const audited = (await repairAudits()).length;

      const log = recordingLog();
      expect(await t.services.exposureRepair.repairOpenMarkets(log)).toMatchObject({
        repaired: 1,
        rows: 1,
        refused: [],
      });

      expect(await positionViolations(t.db, m.id)).toEqual([]);
      expect(await ledgerViolations(t.db)).toEqual([]);
      const row = await rowOf(maker, m.id);
      expect(row?.outcomes).toEqual({
        [m.runners[0] as string]: matchedPaise,
        [m.runners[1] as string]: -matchedPaise,
      });
      const after = await walletOf(maker);
      // The wallet reserves what the row says, from the available balance; the balance itself does not move.
      expect(after.exposurePaise).toBe(after.rowsPaise);
      expect(after.exposurePaise).toBe(row?.exposure_paise);
      expect(after.exposurePaise).toBeLessThan(before.exposurePaise);
      expect(after.balancePaise).toBe(before.balancePaise);
      const player = (await call(t.app, 'GET', '/api/v1/getUserData', { token: maker.token })).body.data as {
        exposure: number;
      };
      expect(player.exposure).toBe(after.exposurePaise / 100);
      // One audit line for the row (actor: the system), with what it held and what it holds.
      const audits = (await repairAudits()).slice(audited);
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({
        target_id: maker.userId,
        actor_id: null,
        details: {
          repair: EXPOSURE_ROWS_REPAIR,
          marketId: m.id,
          wallet: 'main',
          before: { exposurePaise: before.exposurePaise },
          after: { exposurePaise: after.exposurePaise, outcomes: row?.outcomes },
        },
      });
      // A line for the market, and the run's own line.
      expect(log.lines.filter((line) => line.level === 'error')).toEqual([]);
      expect(log.lines.map((line) => line.message)).toEqual([
        'exposure rows repaired from their fills',
        'exposure rows checked against their fills',
      ]);
      expect(log.lines[0]?.details).toMatchObject({ marketId: m.id });
      expect(log.lines[1]?.details).toMatchObject({ repaired: 1, rows: 1, refused: [] });
      // The market's log moved, so the other process's lane reads the maker again: its next command starts from the repaired row.
      expect(await logSeq(m.id)).toBe(seqBefore + 1);
      await cancelBet(other.app, maker.token, offer._id);
      expect(await positionViolations(t.db, m.id)).toEqual([]);
      expect((await walletOf(maker)).exposurePaise).toBe(-matchedPaise);
      expect(await ledgerViolations(t.db)).toEqual([]);
    } finally {
      await other.app.close();
    }

    // The next start changes nothing, and says nothing.
    const audited = (await repairAudits()).length;
    const seq = await logSeq(m.id);
    const wallet = await walletOf(maker);
    const again = recordingLog();
    expect(await t.services.exposureRepair.repairOpenMarkets(again)).toMatchObject({
      repaired: 0,
      rows: 0,
      refused: [],
    });
    expect(quiet(again)).toBe(true);
    expect(await repairAudits()).toHaveLength(audited);
    expect(await logSeq(m.id)).toBe(seq);
    expect(await walletOf(maker)).toEqual(wallet);
  });

  it('leaves a market whose wallet cannot reserve what its matched bets risk, says so, and repairs it at a later start', async () => {
    const m = await newMarket(t, director.token);
    const { maker, matchedPaise } = await staleCounterparty(m);
    // The released ₹200 spent: an offer elsewhere reserves all but ₹100 of the maker's available balance.
    const elsewhere = await newMarket(t, director.token);
    const { balancePaise } = await walletOf(maker);
    const big = await placeBet(t.app, maker.token, {
      marketId: elsewhere.id,
      selectionId: elsewhere.runners[0],
      selectionType: 'back',
      odds: 2,
      stake: (balancePaise - 100_00) / 100,
    });
    expect(big.status).toBe('unmatched');
    const stale = await rowOf(maker, m.id);
    const wallet = await walletOf(maker);
    const audited = (await repairAudits()).length;

    const log = recordingLog();
    expect(await t.services.exposureRepair.repairOpenMarkets(log)).toMatchObject({
      repaired: 0,
      rows: 0,
      refused: [m.id],
    });
    expect(log.lines.map((line) => [line.level, line.message])).toEqual([
      ['error', 'exposure rows of a market not repaired; tried again at the next start'],
      ['info', 'exposure rows checked against their fills'],
    ]);
    expect(log.lines[0]?.details).toMatchObject({ marketId: m.id, code: 'WALLET_INSUFFICIENT_FUNDS' });
    expect(log.lines[1]?.details).toMatchObject({ refused: [m.id] });
    // Nothing of that market written: its row, the wallet and the audit log as they were.
    expect(await rowOf(maker, m.id)).toEqual(stale);
    expect(await walletOf(maker)).toEqual(wallet);
    expect(await repairAudits()).toHaveLength(audited);
    expect(await ledgerViolations(t.db)).toEqual([]);
    // The refusal is in the audit log, for the back office: the market, by the system, and why.
    const refusals = await refusalAudits();
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({
      target_type: 'market',
      target_id: m.id,
      actor_id: null,
      details: { repair: EXPOSURE_ROWS_REPAIR, code: 'WALLET_INSUFFICIENT_FUNDS' },
    });

    // Once the money is there again, the next start repairs it.
    await cancelBet(t.app, maker.token, big._id);
    const next = recordingLog();
    expect(await t.services.exposureRepair.repairOpenMarkets(next)).toMatchObject({
      repaired: 1,
      rows: 1,
      refused: [],
    });
    expect(next.lines.map((line) => line.message)).toEqual([
      'exposure rows repaired from their fills',
      'exposure rows checked against their fills',
    ]);
    expect(await positionViolations(t.db, m.id)).toEqual([]);
    expect((await walletOf(maker)).exposurePaise).toBe(-matchedPaise);
    expect(await repairAudits()).toHaveLength(audited + 1);
    expect(await refusalAudits()).toHaveLength(1);
    expect(await ledgerViolations(t.db)).toEqual([]);
    const after = recordingLog();
    expect(await t.services.exposureRepair.repairOpenMarkets(after)).toMatchObject({ repaired: 0, refused: [] });
    expect(quiet(after)).toBe(true);
  });
});
