import type { PendingResult, SportsDeskSettings } from '@khel/contract';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import { refuseSelfService } from '../../lib/separation-of-duties.js';
import type { Parties } from '../../lib/separation-of-duties.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Caller } from '../identity/identity-service.js';
import type { DeclarationRow, StoredResult } from './result-desk-repository.js';
import { createResultDeskRepository } from './result-desk-repository.js';
import type { SettlementService } from './settlement/index.js';
import { assertResult, refusalOf } from './settlement/index.js';
import type { BetRow } from './sports-repository.js';
import type { SportsService } from './sports-service.js';

type Result = { winnerId?: string; runs?: number };

/**
 * Results maker-checker (issue 9, decision 0010). When the desk setting asks for it, an operator's
 * declared result waits until a different operator confirms it, and only then does settlement run.
 * Correcting a settled result (a new result, or voiding it) always waits for a second operator and
 * carries a reason; the audit row keeps the earlier and the new result. The demo feed settles its own
 * events directly (it is not an operator). Confirmation runs in the settlement's own transaction, so
 * a declaration is confirmed exactly when its money moves.
 */
export function createResultDeskService(deps: {
  db: Database;
  sports: SportsService;
  settlement: SettlementService;
  audit: AuditService;
  clock: Clock;
}) {
  const { db, sports, settlement, audit, clock } = deps;
  const repository = createResultDeskRepository(db);

  async function describe(marketId: string, result: StoredResult | null): Promise<string | null> {
    if (result === null) return null;
    if (result.betIds !== undefined)
      return result.betIds.length === 1 ? 'Void 1 bet' : `Void ${result.betIds.length} bets`;
    if (result.void !== undefined) return `Void (${result.void})`;
    if (result.runs !== undefined) return `${result.runs} runs`;
    const runners = await sports.repository.runnersOf([marketId]);
    return runners.find((runner) => runner.id === result.winnerId)?.name ?? '';
  }

  async function marketOf(marketId: string) {
    const market = (await sports.repository.market(marketId)) ?? fail('NOT_FOUND', 'Market not found');
    const runners = await sports.repository.runnersOf([marketId]);
    return { market, runnerIds: runners.map((runner) => runner.id) };
  }

  async function waiting(marketId: string): Promise<DeclarationRow> {
    return (
      (await repository.pendingOf(marketId)) ?? fail('NOT_FOUND', 'No result waits for confirmation on this market')
    );
  }

  async function record(
    actor: Caller,
    marketId: string,
    kind: 'settle' | 'correct' | 'void' | 'void_bets',
    result: StoredResult,
    previous: StoredResult | null,
    reason: string | null,
  ): Promise<string> {
    return (
      (await repository.insert({
        marketId,
        kind,
        result,
        previousResult: previous,
        reason,
        declaredBy: actor.userId,
        at: clock.now(),
      })) ?? fail('CONFLICT', 'A result already waits for confirmation on this market')
    );
  }

  /** A settled market's result is wrong (or the market should be void): a request that another operator confirms. */
  async function requestCorrection(
    actor: Caller,
    marketId: string,
    result: Result | { void: string },
    reason: string,
    ip: string,
  ): Promise<void> {
    const { market, runnerIds } = await marketOf(marketId);
    if (market.status !== 'settled') fail('CONFLICT', 'Only a settled market can be corrected');
    if (!('void' in result)) assertResult(market, runnerIds, result);
    const id = await record(actor, marketId, 'correct', result, market.result, reason);
    await audit.record({
      actorId: actor.userId,
      action: 'market.correct_request',
      targetType: 'market',
      targetId: marketId,
      details: {
        declarationId: id,
        previousResult: await describe(marketId, market.result),
        newResult: await describe(marketId, result),
        reason,
      },
      ip,
    });
  }

  /** One audit row per voided bet, so a bet's history shows its void (and a bulk void every bet it took). */
  async function auditBetVoid(
    actor: Caller,
    marketId: string,
    voided: readonly BetRow[],
    reason: string,
    ip: string,
    extra: Record<string, unknown>,
  ): Promise<void> {
    for (const bet of voided)
      await audit.record({
        actorId: actor.userId,
        action: 'bet.void',
        targetType: 'bet',
        targetId: bet.id,
        details: { marketId, playerId: bet.user_id, stakePaise: bet.stake_paise, reason, ...extra },
        ip,
      });
  }

  return {
    async settings(): Promise<SportsDeskSettings> {
      return { resultsNeedConfirmation: await repository.resultsNeedConfirmation() };
    },

    async updateSettings(actor: Caller, next: SportsDeskSettings, ip: string): Promise<SportsDeskSettings> {
      const before = await repository.resultsNeedConfirmation();
      await repository.setResultsNeedConfirmation(next.resultsNeedConfirmation, actor.userId, clock.now());
      if (before !== next.resultsNeedConfirmation) {
        await audit.record({
          actorId: actor.userId,
          action: 'sports_desk.settings',
          targetType: 'site_settings',
          targetId: null,
          details: { resultsNeedConfirmation: { from: before, to: next.resultsNeedConfirmation } },
          ip,
        });
      }
      return { resultsNeedConfirmation: next.resultsNeedConfirmation };
    },

    /** An operator declares a result: settled at once, or (maker-checker on) the market closes and the result waits. */
    async declare(actor: Caller, marketId: string, result: Result, ip: string): Promise<'settled' | 'declared'> {
      if (!(await repository.resultsNeedConfirmation())) {
        await sports.settle(actor, marketId, result, ip);
        return 'settled';
      }
      const { market, runnerIds } = await marketOf(marketId);
      if (market.status === 'settled' || market.status === 'voided')
        fail('ALREADY_DECIDED', 'This market is already settled');
      assertResult(market, runnerIds, result);
      if ((await repository.pendingOf(marketId)) !== null)
        fail('CONFLICT', 'A result already waits for confirmation on this market');
      // No bet may arrive once a result is known.
      if (market.status === 'open' || market.status === 'suspended')
        await sports.updateMarket(actor, marketId, { status: 'closed' }, ip);
      const id = await record(actor, marketId, 'settle', result, null, null);
      await audit.record({
        actorId: actor.userId,
        action: 'market.result_declare',
        targetType: 'market',
        targetId: marketId,
        details: { declarationId: id, result: await describe(marketId, result) },
        ip,
      });
      return 'declared';
    },

    requestCorrection,

    /**
     * Void: every stake back. On a settled market its money is reversed, so it is a correction that
     * waits for a second operator. On a market not yet settled that carries live bets it waits too while
     * results need confirmation (issue 24: a void decides who gets what as much as a result does), the
     * market closed meanwhile; a market nobody bet on is void at once.
     */
    async voidMarket(
      actor: Caller,
      marketId: string,
      reason: string,
      ip: string,
    ): Promise<'voided' | 'requested' | 'declared'> {
      const { market } = await marketOf(marketId);
      if (market.status === 'settled') {
        await requestCorrection(actor, marketId, { void: reason }, reason, ip);
        return 'requested';
      }
      if ((await repository.pendingOf(marketId)) !== null)
        fail('CONFLICT', 'A declared result waits for confirmation; reject it before voiding the market');
      if (
        market.status !== 'voided' &&
        (await repository.resultsNeedConfirmation()) &&
        (await repository.hasLiveBets(marketId))
      ) {
        if (market.status === 'open' || market.status === 'suspended')
          await sports.updateMarket(actor, marketId, { status: 'closed' }, ip);
        const id = await record(actor, marketId, 'void', { void: reason }, null, reason);
        await audit.record({
          actorId: actor.userId,
          action: 'market.void_declare',
          targetType: 'market',
          targetId: marketId,
          details: { declarationId: id, reason },
          ip,
        });
        return 'declared';
      }
      await sports.voidMarket(actor, marketId, reason, ip);
      return 'voided';
    },

    /**
     * Voids some bets of one market with a reason (issue 28, decision 0055): at once, or, while results
     * need confirmation, as a declaration a different operator confirms (the market stays open).
     */
    async voidBets(
      actor: Caller,
      marketId: string,
      betIds: readonly string[],
      reason: string,
      ip: string,
    ): Promise<'voided' | 'declared'> {
      const { market } = await marketOf(marketId);
      if (betIds.length === 0) fail('NOT_FOUND', 'No bet to void');
      for (const betId of betIds) {
        const bet = await sports.repository.bet(betId);
        if (bet === null || bet.market_id !== marketId) fail('NOT_FOUND', 'Bet not found');
        const refusal = refusalOf(bet, market.status);
        if (refusal !== null) fail('CONFLICT', refusal);
      }
      if ((await repository.pendingOf(marketId)) !== null)
        fail('CONFLICT', 'A result or void already waits for confirmation on this market');
      if (await repository.resultsNeedConfirmation()) {
        const id = await record(actor, marketId, 'void_bets', { betIds: [...betIds] }, null, reason);
        await audit.record({
          actorId: actor.userId,
          action: 'bet.void_declare',
          targetType: betIds.length === 1 ? 'bet' : 'market',
          targetId: betIds.length === 1 ? (betIds[0] as string) : marketId,
          details: { declarationId: id, marketId, betIds, reason },
          ip,
        });
        return 'declared';
      }
      const voided = await sports.operate((changes) =>
        settlement.voidBets(marketId, betIds, reason, actor.userId, changes),
      );
      await auditBetVoid(actor, marketId, voided, reason, ip, {});
      return 'voided';
    },

    /** The bets of a market a bulk void would take: a player's, a time window's, or both. */
    async voidableBets(marketId: string, filter: { userId?: string; from?: Date; to?: Date }): Promise<string[]> {
      await marketOf(marketId);
      return repository.voidableBets(marketId, filter);
    },

    /** The market a bet is on (its void runs on that market's writer). */
    async marketOfBet(betId: string): Promise<string> {
      return (await repository.marketOfBet(betId)) ?? fail('NOT_FOUND', 'Bet not found');
    },

    /** A different operator confirms: settlement (or the correction) runs and the declaration is confirmed in one transaction. */
    async confirm(actor: Caller, marketId: string, ip: string): Promise<void> {
      const declaration = await waiting(marketId);
      refuseSelfService(actor.userId, { playerId: null, requestedBy: declaration.declared_by });
      const claim = async (tx: Queryable) => {
        if (
          !(await createResultDeskRepository(tx).decide(declaration.id, 'confirmed', actor.userId, null, clock.now()))
        )
          fail('ALREADY_DECIDED');
      };
      const { result } = declaration;
      if (declaration.kind === 'void_bets') {
        const voided = await sports.operate((changes) =>
          settlement.voidBets(marketId, result.betIds ?? [], declaration.reason ?? '', actor.userId, changes, claim),
        );
        await auditBetVoid(actor, marketId, voided, declaration.reason ?? '', ip, {
          declarationId: declaration.id,
          declaredBy: declaration.declared_by,
          declaredByName: declaration.declared_by_name,
          confirmedBy: actor.userId,
        });
        return;
      }
      await sports.operate((changes) => {
        if (declaration.kind === 'settle') return settlement.settle(marketId, result, actor.userId, changes, claim);
        // A void of an unsettled market, or a correction that voids a settled one: both return every stake.
        if (result.void !== undefined) return settlement.void(marketId, result.void, actor.userId, changes, claim);
        return settlement.correct(marketId, result, actor.userId, changes, claim);
      });
      const newResult = await describe(marketId, result);
      await audit.record({
        actorId: actor.userId,
        action:
          declaration.kind === 'settle'
            ? 'market.settle'
            : result.void !== undefined
              ? 'market.void'
              : 'market.correct',
        targetType: 'market',
        targetId: marketId,
        details: {
          declarationId: declaration.id,
          ...(declaration.kind === 'settle'
            ? { result: newResult }
            : declaration.kind === 'void'
              ? { reason: declaration.reason }
              : {
                  previousResult: await describe(marketId, declaration.previous_result),
                  newResult,
                  reason: declaration.reason,
                }),
          declaredBy: declaration.declared_by,
          declaredByName: declaration.declared_by_name,
          confirmedBy: actor.userId,
        },
        ip,
      });
    },

    async reject(actor: Caller, marketId: string, reason: string, ip: string): Promise<void> {
      const declaration = await waiting(marketId);
      refuseSelfService(actor.userId, { playerId: null, requestedBy: declaration.declared_by });
      if (!(await repository.decide(declaration.id, 'rejected', actor.userId, reason, clock.now())))
        fail('ALREADY_DECIDED');
      await audit.record({
        actorId: actor.userId,
        action: 'market.result_reject',
        targetType: 'market',
        targetId: marketId,
        details: {
          declarationId: declaration.id,
          kind: declaration.kind,
          result: await describe(marketId, declaration.result),
          declaredBy: declaration.declared_by,
          reason,
        },
        ip,
      });
    },

    async listPending(): Promise<PendingResult[]> {
      const rows = await repository.listPending();
      return Promise.all(
        rows.map(async (row) => ({
          _id: row.id,
          kind: row.kind,
          marketId: row.market_id,
          marketName: row.market_name,
          marketType: row.market_type,
          eventId: row.event_id,
          eventName: row.event_name,
          result: (await describe(row.market_id, row.result)) ?? '',
          winnerId: row.result.winnerId ?? null,
          runs: row.result.runs ?? null,
          previousResult: await describe(row.market_id, row.previous_result),
          reason: row.reason,
          declaredBy: row.declared_by,
          declaredByName: row.declared_by_name,
          declaredAt: row.declared_at.toISOString(),
        })),
      );
    },

    /** Who declared the result waiting on a market (separation of duties: not its confirmer). */
    async parties(marketId: string): Promise<Parties | null> {
      const declaration = await repository.pendingOf(marketId);
      return declaration === null ? null : { playerId: null, requestedBy: declaration.declared_by };
    },
  };
}
export type ResultDeskService = ReturnType<typeof createResultDeskService>;
