import { randomUUID } from 'node:crypto';
import {
  checkTableBet,
  closeAndReveal,
  createTable,
  openRound,
  placeBet,
  settleRound,
  tableView,
  verifyTableRound,
} from '@khel/casino-games';
import type { RoundRecord, TableGame, TableResult, TableState } from '@khel/casino-games';
import { paiseToRupees } from '@khel/money';
import { fail } from '../../../lib/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import { HOUSE_TABLES } from './house-games.js';
import type { HouseTable } from './house-games.js';
import type { HouseRepository, TableRoundRow } from './house-repository.js';
import type { HouseSessions } from './house-session.js';
import { refusal } from './house-session.js';
import { newServerSeed } from './house-slots.js';
import type { HouseWalletClient } from './house-wallet-client.js';

const TABLE_MESSAGES: Record<string, [code: 'CONFLICT' | 'VALIDATION_FAILED', message: string]> = {
  NO_ROUND: ['CONFLICT', 'Betting is closed, wait for the next round'],
  BETTING_CLOSED: ['CONFLICT', 'Betting is closed, wait for the next round'],
  UNKNOWN_BET_KIND: ['VALIDATION_FAILED', 'Choose where to bet'],
  DUPLICATE_BET_ID: ['CONFLICT', 'This bet was already placed'],
  INVALID_STAKE: ['VALIDATION_FAILED', 'Enter a stake'],
};

function recordOf(row: TableRoundRow): RoundRecord {
  return {
    roundNumber: row.round_number,
    phase: row.phase === 'voided' ? 'voided' : 'settled',
    result: (row.result ?? null) as TableResult | null,
    serverSeed: row.server_seed,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: row.round_number,
    openedAtMs: row.opened_at_ms,
    finishedAtMs: row.finished_at_ms ?? row.opened_at_ms,
    totalStakePaise: row.total_stake_paise,
    totalPayoutPaise: row.total_payout_paise,
  };
}

interface RunningTable {
  spec: HouseTable;
  state: TableState;
  /** Debits in flight for the current round: settlement waits for them (a late one is rolled back first). */
  inFlight: number;
  busy: boolean;
}

/**
 * The house's shared tables: each runs in this process (the state machine in memory, every transition
 * written to the database); bets are debited through the wallet and each player's round credited once.
 */
export function createHouseTables(deps: {
  repository: HouseRepository;
  clock: Clock;
  wallet: HouseWalletClient;
  sessions: HouseSessions;
}) {
  const { repository, clock, wallet } = deps;
  const { session } = deps.sessions;
  const tables = new Map<string, RunningTable>();
  let loaded: Promise<void> | null = null;

  async function load(): Promise<void> {
    for (const spec of HOUSE_TABLES) {
      const history = (await repository.finishedRounds(spec.code, spec.config.historyLength)).map(recordOf);
      const state = createTable(spec.config, {
        nextRoundNumber: (await repository.lastRoundNumber(spec.code)) + 1,
        history,
      });
      tables.set(spec.code, { spec, state, inFlight: 0, busy: false });
    }
  }
  function ensureLoaded(): Promise<void> {
    loaded ??= load();
    return loaded;
  }
  async function table(tableId: string): Promise<RunningTable> {
    await ensureLoaded();
    return tables.get(tableId) ?? fail('NOT_FOUND', 'No such table');
  }

  /** Rounds a restart cut off: stakes go back (a rollback of a debit never made leaves a harmless tombstone). */
  async function voidCutOffRounds(running: RunningTable): Promise<void> {
    const code = running.spec.code;
    for (const round of await repository.unfinishedRounds(code)) {
      if (running.state.round?.roundNumber === round.round_number) continue;
      for (const bet of await repository.betsOfRound(code, round.round_number)) {
        if (bet.status !== 'pending' && bet.status !== 'placed') continue;
        const answer = await wallet.rollback({
          playerId: bet.user_id,
          transactionId: `void-${bet.bet_id}`,
          debitTransactionId: `bet-${bet.bet_id}`,
          roundId: `${code}:${round.round_number}`,
          gameCode: code,
        });
        if (answer.data.status === 'OK') await repository.setBet(bet.bet_id, 'voided', bet.stake_paise);
      }
      await repository.updateRound(code, round.round_number, { phase: 'voided', finishedAtMs: clock.now().getTime() });
    }
  }

  /**
   * One credit per player per table round (the wallet pays a round once): the sum of that player's
   * settled bets in it (0 when all lost, which closes the round). Its id is fixed by table, round and
   * player, and the sum counts bets already marked settled too, so a retry is the same request.
   */
  async function creditPlayerRound(tableId: string, roundNumber: number, userId: string): Promise<void> {
    const bets = (await repository.betsOfRound(tableId, roundNumber)).filter(
      (bet) =>
        bet.user_id === userId && (bet.status === 'placed' || bet.status === 'settled') && bet.payout_paise !== null,
    );
    if (bets.length === 0) return;
    const payoutPaise = bets.reduce((sum, bet) => sum + (bet.payout_paise ?? 0), 0);
    const answer = await wallet.credit({
      playerId: userId,
      transactionId: `win-${tableId}:${roundNumber}:${userId}`,
      roundId: `${tableId}:${roundNumber}`,
      gameCode: tableId,
      amount: paiseToRupees(payoutPaise),
    });
    if (answer.data.status === 'OK')
      for (const bet of bets) if (bet.status === 'placed') await repository.setBet(bet.bet_id, 'settled');
  }

  /** One step of a table's loop at the clock's time: open, close and reveal, settle, as each is due. */
  async function step(running: RunningTable): Promise<void> {
    const { state, spec } = running;
    const code = spec.code;
    const nowMs = clock.now().getTime();
    const round = state.round;
    if (
      round === null ||
      ((round.phase === 'settled' || round.phase === 'voided') && nowMs >= (round.finishedAtMs ?? 0) + spec.pauseMs)
    ) {
      const opened = openRound(state, nowMs, newServerSeed());
      if (!opened.ok) return;
      const r = opened.round;
      await repository.insertRound({
        table_id: code,
        round_number: r.roundNumber,
        game: spec.config.game,
        phase: 'betting',
        server_seed: r.serverSeed,
        server_seed_hash: r.serverSeedHash,
        client_seed: r.clientSeed,
        opened_at_ms: r.openedAtMs,
        closes_at_ms: r.closesAtMs,
      });
      return;
    }
    if (round.phase === 'betting' && nowMs >= round.closesAtMs) {
      const revealed = closeAndReveal(state, nowMs);
      if (revealed.ok)
        await repository.updateRound(code, round.roundNumber, { phase: 'revealed', result: revealed.result });
      return;
    }
    if (round.phase === 'revealed' && nowMs >= (round.revealedAtMs ?? 0) + spec.revealMs && running.inFlight === 0) {
      const settled = settleRound(state, nowMs);
      if (!settled.ok) return;
      const totalStakePaise = settled.payouts.reduce((sum, p) => sum + p.stakePaise, 0);
      const totalPayoutPaise = settled.payouts.reduce((sum, p) => sum + p.payoutPaise, 0);
      for (const payout of settled.payouts) await repository.setBet(payout.betId, 'placed', payout.payoutPaise);
      await repository.updateRound(code, round.roundNumber, {
        phase: 'settled',
        totalStakePaise,
        totalPayoutPaise,
        finishedAtMs: nowMs,
      });
      // Every player with a bet gets one credit for the round (0 when all lost, which closes it in the wallet).
      await Promise.all(
        [...new Set(settled.payouts.map((payout) => payout.playerId))].map((playerId) =>
          creditPlayerRound(code, round.roundNumber, playerId).catch(() => undefined),
        ),
      );
    }
  }

  async function tick(): Promise<void> {
    await ensureLoaded();
    await Promise.all(
      [...tables.values()].map(async (running) => {
        if (running.busy) return;
        running.busy = true;
        try {
          await step(running);
        } finally {
          running.busy = false;
        }
      }),
    );
  }

  return {
    tick,

    /** Credits of settled table bets that did not get through. */
    async sweep(): Promise<void> {
      await ensureLoaded();
      for (const running of tables.values()) {
        const owed = new Map(
          (await repository.uncreditedBets(running.spec.code)).map((bet) => [
            `${bet.round_number}:${bet.user_id}`,
            bet,
          ]),
        );
        for (const bet of owed.values())
          await creditPlayerRound(running.spec.code, bet.round_number, bet.user_id).catch(() => undefined);
      }
    },

    /** Voids the rounds a restart cut off. */
    async voidCutOff(): Promise<void> {
      await ensureLoaded();
      for (const running of tables.values()) await voidCutOffRounds(running).catch(() => undefined);
    },

    async tableView(token: string | undefined, tableId: string) {
      const player = await session(token);
      const running = await table(tableId);
      const nowMs = clock.now().getTime();
      const round = running.state.round;
      const current = (round?.bets ?? [])
        .filter((bet) => bet.playerId === player.playerId)
        .map((bet) => ({
          betId: bet.betId,
          kind: bet.kind,
          stake: paiseToRupees(bet.stakePaise),
          payout: round?.payouts?.find((p) => p.betId === bet.betId)?.payoutPaise ?? null,
          roundNumber: round?.roundNumber ?? 0,
        }))
        .map((bet) => ({ ...bet, payout: bet.payout === null ? null : paiseToRupees(bet.payout) }));
      const earlier = (await repository.recentBetsOf(player.playerId, tableId, 20))
        .filter((bet) => bet.round_number !== round?.roundNumber)
        .map((bet) => ({
          betId: bet.bet_id,
          kind: bet.kind,
          stake: paiseToRupees(bet.stake_paise),
          payout: bet.payout_paise === null ? null : paiseToRupees(bet.payout_paise),
          roundNumber: bet.round_number,
        }));
      return {
        view: tableView(running.state, nowMs),
        serverNowMs: nowMs,
        revealMs: running.spec.revealMs,
        pauseMs: running.spec.pauseMs,
        myBets: [...current, ...earlier],
      };
    },

    /** A bet in the betting window: checked, debited through the wallet, then placed (rolled back if the window closed meanwhile). */
    async placeBet(
      token: string | undefined,
      tableId: string,
      request: { kind: string; stakePaise: number; betId?: string },
    ) {
      const player = await session(token);
      const running = await table(tableId);
      const betId = request.betId ?? randomUUID();
      const bet = { betId, playerId: player.playerId, kind: request.kind, stakePaise: request.stakePaise };
      const nowMs = clock.now().getTime();
      const reason = checkTableBet(running.state, nowMs, bet);
      if (reason !== null) {
        if (reason === 'BELOW_MIN_STAKE')
          fail('VALIDATION_FAILED', `Minimum bet is ₹${paiseToRupees(running.spec.config.minStakePaise)}`);
        if (reason === 'ABOVE_MAX_STAKE')
          fail('VALIDATION_FAILED', `Maximum bet is ₹${paiseToRupees(running.spec.config.maxStakePaise)}`);
        const [code, message] = TABLE_MESSAGES[reason] ?? ['CONFLICT', 'Betting is closed, wait for the next round'];
        fail(code, message);
      }
      const roundNumber = (running.state.round as NonNullable<TableState['round']>).roundNumber;
      const roundId = `${tableId}:${roundNumber}`;
      running.inFlight += 1;
      try {
        if (
          !(await repository.insertBet({
            betId,
            tableId,
            roundNumber,
            userId: player.playerId,
            kind: request.kind,
            stakePaise: request.stakePaise,
            at: clock.now(),
          }))
        )
          fail('CONFLICT', 'This bet was already placed');
        const debit = await wallet.debit({
          playerId: player.playerId,
          transactionId: `bet-${betId}`,
          roundId,
          gameCode: tableId,
          amount: paiseToRupees(request.stakePaise),
        });
        if (debit.data.status !== 'OK') {
          await repository.setBet(betId, 'refused');
          refusal(debit);
        }
        const placed = placeBet(running.state, Math.max(clock.now().getTime(), running.state.lastCommandAtMs), bet);
        if (!placed.ok || running.state.round?.roundNumber !== roundNumber) {
          await wallet.rollback({
            playerId: player.playerId,
            transactionId: `void-${betId}`,
            debitTransactionId: `bet-${betId}`,
            roundId,
            gameCode: tableId,
          });
          await repository.setBet(betId, 'refused');
          fail('CONFLICT', 'Betting closed before your bet arrived, your stake is returned');
        }
        await repository.setBet(betId, 'placed');
        return {
          betId,
          roundNumber,
          kind: request.kind,
          stake: paiseToRupees(request.stakePaise),
          balance: debit.data.balance ?? 0,
        };
      } finally {
        running.inFlight -= 1;
      }
    },

    // Provably fair: anyone may check a finished round or a spin whose seed pair was rotated.

    async verifyTableRound(tableId: string, roundNumber: number) {
      const row = (await repository.round(tableId, roundNumber)) ?? fail('NOT_FOUND', 'No such round');
      const revealed = row.phase === 'revealed' || row.phase === 'settled' || row.phase === 'voided';
      const published = {
        serverSeed: revealed ? row.server_seed : null,
        serverSeedHash: row.server_seed_hash,
        clientSeed: row.client_seed,
        nonce: row.round_number,
      };
      const result = row.result as TableResult | null;
      let verification = null;
      if (revealed && result !== null) {
        const check = verifyTableRound(row.game as TableGame, { ...published, serverSeed: row.server_seed }, result);
        verification = {
          valid: check.valid,
          failure: check.valid ? null : check.failure,
          recomputed: check.recomputed,
        };
      }
      return { kind: 'table' as const, game: row.game, published, claimed: revealed ? result : null, verification };
    },
  };
}
