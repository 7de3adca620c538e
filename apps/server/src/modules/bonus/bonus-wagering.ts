import type { Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { BonusRow } from './bonus-repository.js';
import { createBonusRepository } from './bonus-repository.js';
import type { WageringFact } from './bonus-rules.js';
import { statusForProgress, wageringOutcome } from './bonus-rules.js';

/**
 * Wagering progress (PRODUCT.md §8): the sports and casino modules report every settled, voided or
 * re-settled bonus-wallet position inside their own transaction: a player's position on a market (its
 * worst loss, decision 0045) or a casino round. Each is one row (its bonus is the one running when its
 * first stake was placed); progress is always the sum of the rows, so a void or a correction rewrites
 * one row and the total follows, with no running counter to drift.
 */
export function createBonusWagering(deps: { clock: Clock }) {
  async function applyProgress(tx: Queryable, bonus: BonusRow): Promise<void> {
    if (bonus.status !== 'active' && bonus.status !== 'completed') return;
    const repository = createBonusRepository(tx);
    const progress = await repository.countedOf(bonus.id);
    const status = statusForProgress(bonus.status, progress, bonus.wagering_required_paise);
    await repository.updateBonus(bonus.id, {
      wagering_progress_paise: progress,
      status,
      completed_at: status === 'completed' ? (bonus.completed_at ?? deps.clock.now()) : null,
    });
  }

  return {
    async record(tx: Queryable, facts: WageringFact[]): Promise<void> {
      const repository = createBonusRepository(tx);
      const touched = new Map<string, BonusRow>();
      for (const fact of facts) {
        const existing = await repository.findWagering(fact.source, fact.reference);
        const bonus =
          existing === null
            ? await repository.bonusRunningAt(fact.userId, fact.placedAt)
            : await repository.findBonus(existing.bonus_id, true);
        if (bonus === null) continue;
        const outcome = wageringOutcome(fact, {
          minOddsHundredths: bonus.min_odds_h,
          contributionsBp: bonus.contributions,
        });
        await repository.upsertWagering({
          bonus_id: bonus.id,
          user_id: fact.userId,
          source: fact.source,
          reference: fact.reference,
          description: fact.description,
          product: fact.product,
          amount_at_risk_paise: fact.amountAtRiskPaise,
          odds_h: fact.oddsHundredths,
          contribution_bp: outcome.contributionBp,
          counted_paise: outcome.countedPaise,
          status: outcome.status,
          updated_at: deps.clock.now(),
        });
        touched.set(bonus.id, bonus);
      }
      for (const bonus of touched.values())
        await applyProgress(tx, (await repository.findBonus(bonus.id, true)) as BonusRow);
    },
  };
}
export type BonusWagering = ReturnType<typeof createBonusWagering>;
