import { ROLES } from '@khel/contract';
import type { BonusGrant, BonusOffer, BonusOfferCreate, ManualBonusGrant, PlayerBonusDetail } from '@khel/contract';
import { formatPaise, paiseToRupees, rupeesToPaise } from '@khel/money';
import type { Database, Queryable } from '../../db/database.js';
import type { FourEyesService } from '../four-eyes/four-eyes-service.js';
import type { Clock } from '../../lib/clock.js';
import type { Parties } from '../../lib/separation-of-duties.js';
import { fail } from '../../lib/app-error.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Caller } from '../identity/identity-service.js';
import { offerBonus } from './bonus-grants.js';
import type { GrantRow } from './bonus-repository.js';
import { createBonusRepository } from './bonus-repository.js';
import { offerFields, toOffer, toPlayerBonusDetail } from './bonus-views.js';

function toGrant(row: GrantRow): BonusGrant {
  return {
    _id: row.id,
    userId: row.user_id,
    offerId: row.offer_id,
    amount: paiseToRupees(row.amount_paise),
    reason: row.reason,
    status: row.status,
    requestedBy: row.requested_by,
    approvedBy: row.approved_by,
    bonusId: row.bonus_id,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * The back office's side of bonuses: offers (create, edit, pause), manual grants to one player with a
 * reason (a second operator above the configured amount), and a player's bonuses with their wagering.
 * Every change is audited; no operator grants to their own account.
 */
export function createBonusAdminService(deps: {
  db: Database;
  audit: AuditService;
  clock: Clock;
  fourEyes: FourEyesService;
}) {
  const { db, audit, clock } = deps;
  const repository = createBonusRepository(db);

  async function grantNow(tx: Queryable, grant: GrantRow, approver: string): Promise<GrantRow> {
    const repo = createBonusRepository(tx);
    const offer = (await repo.findOffer(grant.offer_id)) ?? fail('NOT_FOUND', 'Offer not found');
    const bonus = await offerBonus(tx, {
      offer,
      userId: grant.user_id,
      amountPaise: grant.amount_paise,
      grantKey: `manual:${grant.id}`,
      grantPeriod: null,
      grantId: grant.id,
      grantedBy: approver,
      reason: grant.reason,
      at: clock.now(),
    });
    return repo.decideGrant(grant.id, 'granted', approver, bonus?.id ?? null, clock.now());
  }

  return {
    /** Who a manual grant concerns, for the separation-of-duties guard (plugins/separation-of-duties.ts). */
    async grantParties(id: string): Promise<Parties | null> {
      const row = await createBonusRepository(db).findGrant(id);
      return row === null ? null : { playerId: row.user_id, requestedBy: row.requested_by };
    },

    async listOffers(): Promise<BonusOffer[]> {
      return (await repository.listOffers()).map(toOffer);
    },

    async createOffer(actor: Caller, body: BonusOfferCreate, ip: string): Promise<BonusOffer> {
      const offer = toOffer(await repository.insertOffer(offerFields(body), actor.userId, clock.now()));
      await audit.record({
        actorId: actor.userId,
        action: 'bonus_offer.create',
        targetType: 'bonus_offer',
        targetId: offer._id,
        details: { ...body },
        ip,
      });
      return offer;
    },

    async updateOffer(actor: Caller, id: string, body: BonusOfferCreate, ip: string): Promise<BonusOffer> {
      const existing = (await repository.findOffer(id)) ?? fail('NOT_FOUND', 'Offer not found');
      if (existing.kind !== body.kind)
        fail('VALIDATION_FAILED', 'The kind of an offer cannot change; create a new offer');
      const { kind: _kind, ...fields } = offerFields(body);
      const offer = toOffer(
        (await repository.updateOffer(id, fields, clock.now())) ?? fail('NOT_FOUND', 'Offer not found'),
      );
      await audit.record({
        actorId: actor.userId,
        action: 'bonus_offer.update',
        targetType: 'bonus_offer',
        targetId: id,
        details: { before: toOffer(existing), after: offer },
        ip,
      });
      return offer;
    },

    async pauseOffer(actor: Caller, id: string, paused: boolean, ip: string): Promise<BonusOffer> {
      const offer = toOffer(
        (await repository.setPaused(id, paused, clock.now())) ?? fail('NOT_FOUND', 'Offer not found'),
      );
      await audit.record({
        actorId: actor.userId,
        action: paused ? 'bonus_offer.pause' : 'bonus_offer.resume',
        targetType: 'bonus_offer',
        targetId: id,
        details: { name: offer.name },
        ip,
      });
      return offer;
    },

    async grantManual(
      actor: Caller,
      userId: string,
      body: ManualBonusGrant,
      ip: string,
    ): Promise<{ grant: BonusGrant; message: string }> {
      if ((await repository.userRole(userId)) !== ROLES.PLAYER)
        fail('NOT_FOUND', 'Only players (not credit players) can be given a bonus');
      const offer = (await repository.findOffer(body.offerId)) ?? fail('NOT_FOUND', 'Offer not found');
      if (offer.kind !== 'manual') fail('VALIDATION_FAILED', 'Choose a manual offer');
      if (offer.paused) fail('BONUS_OFFER_PAUSED');
      const amountPaise =
        body.amount !== undefined
          ? (rupeesToPaise(body.amount) as number)
          : (offer.fixed_paise ?? fail('VALIDATION_FAILED', 'Enter an amount'));
      const grant = await db.transaction(async (tx) => {
        const created = await createBonusRepository(tx).insertGrant({
          userId,
          offerId: offer.id,
          amountPaise,
          reason: body.reason,
          requestedBy: actor.userId,
          at: clock.now(),
        });
        // Grants count towards what one operator moves alone for one player in an India day (decision 0010).
        if (
          (await deps.fourEyes.step(tx, {
            actorId: actor.userId,
            playerId: userId,
            amountPaise,
            firstApprovedBy: null,
          })) === 'first'
        )
          return created;
        return grantNow(tx, created, actor.userId);
      });
      await audit.record({
        actorId: actor.userId,
        action: grant.status === 'granted' ? 'bonus.grant' : 'bonus.grant_request',
        targetType: 'user',
        targetId: userId,
        details: {
          grantId: grant.id,
          offerId: offer.id,
          offer: offer.name,
          amount: paiseToRupees(amountPaise),
          reason: body.reason,
        },
        ip,
      });
      return {
        grant: toGrant(grant),
        message:
          grant.status === 'granted'
            ? 'Bonus offered to the player'
            : `A second operator must approve ${formatPaise(amountPaise)}`,
      };
    },

    async approveGrant(actor: Caller, grantId: string, ip: string): Promise<BonusGrant> {
      const grant = await db.transaction(async (tx) => {
        const found =
          (await createBonusRepository(tx).findGrant(grantId, true)) ?? fail('NOT_FOUND', 'Grant not found');
        if (found.status !== 'pending') fail('ALREADY_DECIDED');
        // A pending grant is above the amount already; its requester counts as the first approver.
        await deps.fourEyes.step(tx, {
          actorId: actor.userId,
          playerId: found.user_id,
          amountPaise: found.amount_paise,
          firstApprovedBy: found.requested_by,
        });
        return grantNow(tx, found, actor.userId);
      });
      await audit.record({
        actorId: actor.userId,
        action: 'bonus.grant_approve',
        targetType: 'user',
        targetId: grant.user_id,
        details: { grantId, amount: paiseToRupees(grant.amount_paise) },
        ip,
      });
      return toGrant(grant);
    },

    async rejectGrant(actor: Caller, grantId: string, ip: string): Promise<BonusGrant> {
      const grant = await db.transaction(async (tx) => {
        const repo = createBonusRepository(tx);
        const found = (await repo.findGrant(grantId, true)) ?? fail('NOT_FOUND', 'Grant not found');
        if (found.status !== 'pending') fail('ALREADY_DECIDED');
        return repo.decideGrant(grantId, 'rejected', actor.userId, null, clock.now());
      });
      await audit.record({
        actorId: actor.userId,
        action: 'bonus.grant_reject',
        targetType: 'user',
        targetId: grant.user_id,
        details: { grantId },
        ip,
      });
      return toGrant(grant);
    },

    async listGrants(status: 'pending' | 'granted' | 'rejected'): Promise<BonusGrant[]> {
      return (await repository.listGrants(status)).map(toGrant);
    },

    /**
     * Demo data (play mode): a welcome and a deposit offer, and the demo player's welcome bonus waiting
     * to be activated, so the quick start shows the programme. Changes nothing once offers exist.
     */
    async seedDemo(playerId: string | null): Promise<void> {
      if ((await repository.listOffers()).length > 0) return;
      const at = clock.now();
      const contributions = { exchange: 10_000, bookmaker: 10_000, fancy: 5_000, slots: 10_000, liveCasino: 1_000 };
      const welcome = await repository.insertOffer(
        {
          name: 'Welcome bonus 100%',
          kind: 'welcome',
          percent_bp: 10_000,
          cap_paise: 1_000_00,
          fixed_paise: null,
          min_deposit_paise: null,
          frequency: 'once',
          wagering_multiple_h: 500,
          min_odds_h: 140,
          contributions,
          days_to_activate: 7,
          days_to_complete: 14,
          max_conversion_paise: null,
        },
        null,
        at,
      );
      await repository.insertOffer(
        {
          name: 'Weekly reload 25%',
          kind: 'deposit',
          percent_bp: 2_500,
          cap_paise: 2_500_00,
          fixed_paise: null,
          min_deposit_paise: 1_000_00,
          frequency: 'weekly',
          wagering_multiple_h: 800,
          min_odds_h: 150,
          contributions,
          days_to_activate: 3,
          days_to_complete: 10,
          max_conversion_paise: 5_000_00,
        },
        null,
        at,
      );
      if (playerId === null) return;
      await db.transaction((tx) =>
        offerBonus(tx, {
          offer: welcome,
          userId: playerId,
          amountPaise: 500_00,
          grantKey: `demo-welcome:${playerId}`,
          grantPeriod: 'welcome',
          reason: 'Demo data',
          at,
        }),
      );
    },

    async playerBonuses(userId: string): Promise<PlayerBonusDetail[]> {
      const rows = await repository.bonusesOfUser(userId);
      const wagering = await repository.wageringOf(rows.map((row) => row.id));
      return rows.map((row) => toPlayerBonusDetail(row, wagering));
    },
  };
}
export type BonusAdminService = ReturnType<typeof createBonusAdminService>;
