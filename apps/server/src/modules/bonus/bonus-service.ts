import { ROLES } from '@khel/contract';
import type { BonusData, PlayerBonus } from '@khel/contract';
import { paiseToRupees } from '@khel/money';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import type { Caller } from '../identity/identity-service.js';
import type { IdempotencyService } from '../idempotency/idempotency-service.js';
import type { WalletService } from '../wallet/wallet-service.js';
import type { BonusRow } from './bonus-repository.js';
import { createBonusRepository } from './bonus-repository.js';
import { claimSplit } from './bonus-rules.js';
import { toAvailableOffer, toPlayerBonus } from './bonus-views.js';

const DAY_MS = 86_400_000;
/** The house account bonus money comes from and returns to. */
export const BONUS_HOUSE = { house: 'house_cash' as const, ref: 'bonus' };

/**
 * A player's bonuses (PRODUCT.md §8): offered → active → completed → claimed, or forfeited / expired.
 * Each step that moves money is one journal transaction with a natural key (`bonus-activate:<id>`, …),
 * in the same database transaction as the status change, under a lock on the bonus row.
 */
export function createBonusService(deps: {
  db: Database;
  wallet: WalletService;
  idempotency: IdempotencyService;
  clock: Clock;
  /** Whether the player has a bonus-wallet bet still open, hedged or not (the sports module's answer). */
  hasOpenBonusBets: (tx: Queryable, userId: string) => Promise<boolean>;
}) {
  const { db, wallet, idempotency, clock } = deps;
  const repository = createBonusRepository(db);

  function assertPlayer(caller: Caller): void {
    if (caller.role !== ROLES.PLAYER) fail('BONUS_NOT_AVAILABLE');
  }

  /**
   * Locks in one order everywhere, the player's bonus wallet row first and then the bonus row (as a
   * settlement does: its posting locks the wallet, its wagering the bonus), so no two steps deadlock.
   */
  async function ownBonus(tx: Queryable, caller: Caller, bonusId: string): Promise<BonusRow> {
    await createBonusRepository(tx).lockBonusWallet(caller.userId);
    const bonus = await createBonusRepository(tx).findBonus(bonusId, true);
    // Someone else's bonus is "not found": its existence is not revealed.
    if (bonus === null || bonus.user_id !== caller.userId) fail('NOT_FOUND', 'Bonus not found');
    return bonus;
  }

  /** Empties the bonus wallet back to the house (forfeit, expiry): answers what was removed. */
  async function sweepBonusWallet(
    tx: Queryable,
    bonus: BonusRow,
    kind: 'bonus_forfeit' | 'bonus_expire',
    description: string,
  ): Promise<number> {
    await createBonusRepository(tx).lockBonusWallet(bonus.user_id);
    const balances = await wallet.balancesOf(bonus.user_id, tx);
    // A hedged bet reserves nothing, yet it is still open: the wallet waits for every bet (PRODUCT.md §8).
    if (balances.bonusExposurePaise < 0 || (await deps.hasOpenBonusBets(tx, bonus.user_id)))
      fail('BONUS_EXPOSURE_OPEN');
    const removedPaise = balances.bonusBalancePaise;
    if (removedPaise > 0) {
      await wallet.post(tx, {
        kind,
        idempotencyKey: `${kind.replace('_', '-')}:${bonus.id}`,
        description,
        details: { bonusId: bonus.id, offerId: bonus.offer_id, offer: bonus.offer_name },
        entries: [
          { account: { userId: bonus.user_id, wallet: 'bonus' }, amountPaise: -removedPaise },
          { account: BONUS_HOUSE, amountPaise: removedPaise },
        ],
      });
    }
    return removedPaise;
  }

  return {
    async bonusData(caller: Caller): Promise<BonusData> {
      const balances = await wallet.balancesOf(caller.userId);
      const empty: BonusData = {
        bonusBalance: 0,
        bonusExposure: 0,
        active: null,
        offered: [],
        past: [],
        availableOffers: [],
      };
      if (caller.role !== ROLES.PLAYER) return empty;
      const rows = await repository.bonusesOfUser(caller.userId);
      const now = clock.now();
      const hadWelcome = rows.some((row) => row.kind === 'welcome');
      const offers = (await repository.liveOffers(['welcome', 'deposit'])).filter(
        (offer) => offer.kind === 'deposit' || !hadWelcome,
      );
      return {
        bonusBalance: paiseToRupees(balances.bonusBalancePaise),
        bonusExposure: paiseToRupees(balances.bonusExposurePaise),
        active:
          rows.find((row) => row.status === 'active' || row.status === 'completed') === undefined
            ? null
            : toPlayerBonus(rows.find((row) => row.status === 'active' || row.status === 'completed') as BonusRow),
        offered: rows.filter((row) => row.status === 'offered' && row.activate_by > now).map(toPlayerBonus),
        past: rows
          .filter(
            (row) =>
              ['claimed', 'forfeited', 'expired'].includes(row.status) ||
              (row.status === 'offered' && row.activate_by <= now),
          )
          .map(toPlayerBonus),
        availableOffers: offers.map(toAvailableOffer),
      };
    },

    async activate(caller: Caller, bonusId: string, idempotencyKey?: string): Promise<PlayerBonus> {
      assertPlayer(caller);
      return idempotency.runLocked(
        { userId: caller.userId, key: idempotencyKey, route: 'bonus.activate', body: { bonusId } },
        async (tx) => {
          const repo = createBonusRepository(tx);
          const bonus = await ownBonus(tx, caller, bonusId);
          if (bonus.status !== 'offered')
            fail(bonus.status === 'active' || bonus.status === 'completed' ? 'BONUS_NOT_OFFERED' : 'BONUS_CLOSED');
          const now = clock.now();
          if (bonus.activate_by <= now) fail('BONUS_CLOSED', 'This bonus offer has expired');
          if ((await repo.runningBonus(caller.userId)) !== null) fail('BONUS_ALREADY_ACTIVE');
          await wallet.post(tx, {
            kind: 'bonus_activate',
            idempotencyKey: `bonus-activate:${bonus.id}`,
            description: `Bonus activated: ${bonus.offer_name}`,
            actorId: caller.userId,
            details: { bonusId: bonus.id, offerId: bonus.offer_id, offer: bonus.offer_name },
            entries: [
              { account: BONUS_HOUSE, amountPaise: -bonus.amount_paise },
              { account: { userId: caller.userId, wallet: 'bonus' }, amountPaise: bonus.amount_paise },
            ],
          });
          const completedNow = bonus.wagering_required_paise === 0;
          return toPlayerBonus(
            await repo.updateBonus(bonus.id, {
              status: completedNow ? 'completed' : 'active',
              activated_at: now,
              complete_by: new Date(now.getTime() + bonus.days_to_complete * DAY_MS),
              completed_at: completedNow ? now : null,
            }),
          );
        },
      );
    },

    async claim(caller: Caller, bonusId: string, idempotencyKey?: string): Promise<PlayerBonus> {
      assertPlayer(caller);
      return idempotency.runLocked(
        { userId: caller.userId, key: idempotencyKey, route: 'bonus.claim', body: { bonusId } },
        async (tx) => {
          const repo = createBonusRepository(tx);
          const bonus = await ownBonus(tx, caller, bonusId);
          if (bonus.status === 'offered' || bonus.status === 'active') fail('BONUS_NOT_COMPLETED');
          if (bonus.status !== 'completed') fail('BONUS_CLOSED');
          await repo.lockBonusWallet(caller.userId);
          const balances = await wallet.balancesOf(caller.userId, tx);
          if (balances.bonusExposurePaise < 0 || (await deps.hasOpenBonusBets(tx, caller.userId)))
            fail('BONUS_EXPOSURE_OPEN', 'Settle your open bonus-wallet bets before claiming');
          const { convertedPaise, removedPaise } = claimSplit(balances.bonusBalancePaise, bonus.max_conversion_paise);
          const entries = [
            { account: { userId: caller.userId, wallet: 'bonus' as const }, amountPaise: -balances.bonusBalancePaise },
            { account: { userId: caller.userId, wallet: 'main' as const }, amountPaise: convertedPaise },
            { account: BONUS_HOUSE, amountPaise: removedPaise },
          ].filter((entry) => entry.amountPaise !== 0);
          if (entries.length > 0) {
            await wallet.post(tx, {
              kind: 'bonus_claim',
              idempotencyKey: `bonus-claim:${bonus.id}`,
              description: `Bonus claimed: ${bonus.offer_name}`,
              actorId: caller.userId,
              details: {
                bonusId: bonus.id,
                offerId: bonus.offer_id,
                offer: bonus.offer_name,
                convertedPaise,
                removedPaise,
              },
              entries,
            });
          }
          return toPlayerBonus(
            await repo.updateBonus(bonus.id, {
              status: 'claimed',
              closed_at: clock.now(),
              converted_paise: convertedPaise,
              removed_paise: removedPaise,
            }),
          );
        },
      );
    },

    async forfeit(caller: Caller, bonusId: string, idempotencyKey?: string): Promise<PlayerBonus> {
      assertPlayer(caller);
      return idempotency.runLocked(
        { userId: caller.userId, key: idempotencyKey, route: 'bonus.forfeit', body: { bonusId } },
        async (tx) => {
          const repo = createBonusRepository(tx);
          const bonus = await ownBonus(tx, caller, bonusId);
          if (!['offered', 'active', 'completed'].includes(bonus.status)) fail('BONUS_CLOSED');
          // An offered bonus has put nothing in the wallet: declining it moves no money.
          const removedPaise =
            bonus.status === 'offered'
              ? 0
              : await sweepBonusWallet(tx, bonus, 'bonus_forfeit', `Bonus forfeited: ${bonus.offer_name}`);
          return toPlayerBonus(
            await repo.updateBonus(bonus.id, {
              status: 'forfeited',
              closed_at: clock.now(),
              removed_paise: removedPaise,
            }),
          );
        },
      );
    },

    /**
     * Expires what is past its deadline: an offer not activated in time (no money), an active bonus not
     * completed in time (the bonus wallet is emptied). Safe in several processes at once: each bonus is
     * re-read under its row lock and the posting has a natural key. An active bonus with an open
     * bonus-wallet bet waits for the next run after the bet settles. Answers how many expired.
     */
    async expireDue(limit = 200): Promise<number> {
      const due = await repository.dueForExpiry(clock.now(), limit);
      let expired = 0;
      for (const { id } of due) {
        const done = await db
          .transaction(async (tx) => {
            const repo = createBonusRepository(tx);
            const owner = await repo.findBonus(id);
            if (owner === null) return false;
            await repo.lockBonusWallet(owner.user_id);
            const bonus = (await repo.findBonus(id, true)) as BonusRow;
            const now = clock.now();
            const offeredLate = bonus.status === 'offered' && bonus.activate_by <= now;
            const activeLate = bonus.status === 'active' && bonus.complete_by !== null && bonus.complete_by <= now;
            if (!offeredLate && !activeLate) return false;
            const removedPaise = offeredLate
              ? 0
              : await sweepBonusWallet(tx, bonus, 'bonus_expire', `Bonus expired: ${bonus.offer_name}`);
            await repo.updateBonus(id, { status: 'expired', closed_at: now, removed_paise: removedPaise });
            return true;
          })
          .catch(() => false);
        if (done) expired += 1;
      }
      return expired;
    },
  };
}
export type BonusService = ReturnType<typeof createBonusService>;
