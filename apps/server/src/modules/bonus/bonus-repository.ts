import type { BonusOfferKind, BonusProduct, BonusStatus, DepositOfferFrequency } from '@khel/contract';
import type { Queryable } from '../../db/database.js';
import type { ContributionsBp } from './bonus-rules.js';

export interface OfferRow {
  id: string;
  name: string;
  kind: BonusOfferKind;
  percent_bp: number | null;
  cap_paise: number | null;
  fixed_paise: number | null;
  min_deposit_paise: number | null;
  frequency: DepositOfferFrequency;
  wagering_multiple_h: number;
  min_odds_h: number;
  contributions: ContributionsBp;
  days_to_activate: number;
  days_to_complete: number;
  max_conversion_paise: number | null;
  paused: boolean;
  created_at: Date;
  updated_at: Date;
}
export type OfferFields = Omit<OfferRow, 'id' | 'paused' | 'created_at' | 'updated_at'>;

export interface BonusRow {
  id: string;
  user_id: string;
  offer_id: string;
  offer_name: string;
  kind: BonusOfferKind;
  amount_paise: number;
  wagering_multiple_h: number;
  wagering_required_paise: number;
  wagering_progress_paise: number;
  min_odds_h: number;
  contributions: ContributionsBp;
  max_conversion_paise: number | null;
  days_to_complete: number;
  status: BonusStatus;
  grant_key: string;
  grant_period: string | null;
  deposit_id: string | null;
  grant_id: string | null;
  granted_by: string | null;
  grant_reason: string | null;
  activate_by: Date;
  complete_by: Date | null;
  created_at: Date;
  activated_at: Date | null;
  completed_at: Date | null;
  closed_at: Date | null;
  converted_paise: number | null;
  removed_paise: number | null;
}

export interface WageringRow {
  id: number;
  bonus_id: string;
  user_id: string;
  source: 'sports' | 'casino';
  reference: string;
  description: string;
  product: BonusProduct;
  amount_at_risk_paise: number;
  odds_h: number | null;
  contribution_bp: number;
  counted_paise: number;
  status: 'counted' | 'below_min_odds' | 'voided';
  updated_at: Date;
}

export interface GrantRow {
  id: string;
  user_id: string;
  offer_id: string;
  amount_paise: number;
  reason: string;
  status: 'pending' | 'granted' | 'rejected';
  requested_by: string;
  approved_by: string | null;
  bonus_id: string | null;
  created_at: Date;
}

const OFFER_COLUMNS = `id, name, kind, percent_bp, cap_paise, fixed_paise, min_deposit_paise, frequency, wagering_multiple_h, min_odds_h,
  contributions, days_to_activate, days_to_complete, max_conversion_paise, paused, created_at, updated_at`;
const BONUS_COLUMNS = `id, user_id, offer_id, offer_name, kind, amount_paise, wagering_multiple_h, wagering_required_paise, wagering_progress_paise,
  min_odds_h, contributions, max_conversion_paise, days_to_complete, status, grant_key, grant_period, deposit_id, grant_id, granted_by, grant_reason,
  activate_by, complete_by, created_at, activated_at, completed_at, closed_at, converted_paise, removed_paise`;
const GRANT_COLUMNS =
  'id, user_id, offer_id, amount_paise, reason, status, requested_by, approved_by, bonus_id, created_at';

export type BonusChanges = Partial<
  Pick<
    BonusRow,
    | 'status'
    | 'activated_at'
    | 'complete_by'
    | 'completed_at'
    | 'closed_at'
    | 'converted_paise'
    | 'removed_paise'
    | 'wagering_progress_paise'
  >
>;

export function createBonusRepository(db: Queryable) {
  return {
    // Offers

    async insertOffer(fields: OfferFields, createdBy: string | null, at: Date): Promise<OfferRow> {
      const result = await db.query<OfferRow>(
        `insert into bonus_offers (name, kind, percent_bp, cap_paise, fixed_paise, min_deposit_paise, frequency, wagering_multiple_h, min_odds_h,
           contributions, days_to_activate, days_to_complete, max_conversion_paise, created_by, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15) returning ${OFFER_COLUMNS}`,
        [
          fields.name,
          fields.kind,
          fields.percent_bp,
          fields.cap_paise,
          fields.fixed_paise,
          fields.min_deposit_paise,
          fields.frequency,
          fields.wagering_multiple_h,
          fields.min_odds_h,
          JSON.stringify(fields.contributions),
          fields.days_to_activate,
          fields.days_to_complete,
          fields.max_conversion_paise,
          createdBy,
          at,
        ],
      );
      return result.rows[0] as OfferRow;
    },
    async updateOffer(id: string, fields: Omit<OfferFields, 'kind'>, at: Date): Promise<OfferRow | null> {
      const result = await db.query<OfferRow>(
        `update bonus_offers set name = $2, percent_bp = $3, cap_paise = $4, fixed_paise = $5, min_deposit_paise = $6, frequency = $7, wagering_multiple_h = $8,
           min_odds_h = $9, contributions = $10, days_to_activate = $11, days_to_complete = $12, max_conversion_paise = $13, updated_at = $14
         where id = $1 returning ${OFFER_COLUMNS}`,
        [
          id,
          fields.name,
          fields.percent_bp,
          fields.cap_paise,
          fields.fixed_paise,
          fields.min_deposit_paise,
          fields.frequency,
          fields.wagering_multiple_h,
          fields.min_odds_h,
          JSON.stringify(fields.contributions),
          fields.days_to_activate,
          fields.days_to_complete,
          fields.max_conversion_paise,
          at,
        ],
      );
      return result.rows[0] ?? null;
    },
    async setPaused(id: string, paused: boolean, at: Date): Promise<OfferRow | null> {
      const result = await db.query<OfferRow>(
        `update bonus_offers set paused = $2, updated_at = $3 where id = $1 returning ${OFFER_COLUMNS}`,
        [id, paused, at],
      );
      return result.rows[0] ?? null;
    },
    async findOffer(id: string): Promise<OfferRow | null> {
      const result = await db.query<OfferRow>(`select ${OFFER_COLUMNS} from bonus_offers where id = $1`, [id]);
      return result.rows[0] ?? null;
    },
    async listOffers(): Promise<OfferRow[]> {
      return (await db.query<OfferRow>(`select ${OFFER_COLUMNS} from bonus_offers order by created_at desc, id`)).rows;
    },
    async liveOffers(kinds: BonusOfferKind[]): Promise<OfferRow[]> {
      return (
        await db.query<OfferRow>(
          `select ${OFFER_COLUMNS} from bonus_offers where not paused and kind = any($1) order by created_at, id`,
          [kinds],
        )
      ).rows;
    },

    // Player bonuses

    /** Inserts unless the grant key (or the offer's period) was used: answers null then. */
    async insertBonus(
      row: Omit<
        BonusRow,
        | 'id'
        | 'wagering_progress_paise'
        | 'activated_at'
        | 'completed_at'
        | 'closed_at'
        | 'converted_paise'
        | 'removed_paise'
        | 'complete_by'
      >,
    ): Promise<BonusRow | null> {
      const result = await db.query<BonusRow>(
        `insert into player_bonuses (user_id, offer_id, offer_name, kind, amount_paise, wagering_multiple_h, wagering_required_paise, min_odds_h, contributions,
           max_conversion_paise, days_to_complete, status, grant_key, grant_period, deposit_id, grant_id, granted_by, grant_reason, activate_by, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
         on conflict do nothing returning ${BONUS_COLUMNS}`,
        [
          row.user_id,
          row.offer_id,
          row.offer_name,
          row.kind,
          row.amount_paise,
          row.wagering_multiple_h,
          row.wagering_required_paise,
          row.min_odds_h,
          JSON.stringify(row.contributions),
          row.max_conversion_paise,
          row.days_to_complete,
          row.status,
          row.grant_key,
          row.grant_period,
          row.deposit_id,
          row.grant_id,
          row.granted_by,
          row.grant_reason,
          row.activate_by,
          row.created_at,
        ],
      );
      return result.rows[0] ?? null;
    },
    async findBonus(id: string, forUpdate = false): Promise<BonusRow | null> {
      const result = await db.query<BonusRow>(
        `select ${BONUS_COLUMNS} from player_bonuses where id = $1 ${forUpdate ? 'for update' : ''}`,
        [id],
      );
      return result.rows[0] ?? null;
    },
    async bonusesOfUser(userId: string): Promise<BonusRow[]> {
      return (
        await db.query<BonusRow>(
          `select ${BONUS_COLUMNS} from player_bonuses where user_id = $1 order by seq desc limit 200`,
          [userId],
        )
      ).rows;
    },
    async runningBonus(userId: string): Promise<BonusRow | null> {
      const result = await db.query<BonusRow>(
        `select ${BONUS_COLUMNS} from player_bonuses where user_id = $1 and status in ('active', 'completed') for update`,
        [userId],
      );
      return result.rows[0] ?? null;
    },
    async hasBonusOfKind(userId: string, kind: BonusOfferKind): Promise<boolean> {
      return (
        (await db.query(`select 1 from player_bonuses where user_id = $1 and kind = $2 limit 1`, [userId, kind]))
          .rowCount > 0
      );
    },
    async updateBonus(id: string, changes: BonusChanges): Promise<BonusRow> {
      const keys = Object.keys(changes) as (keyof BonusChanges)[];
      const sets = keys.map((key, index) => `${key} = $${index + 2}`).join(', ');
      const result = await db.query<BonusRow>(
        `update player_bonuses set ${sets} where id = $1 returning ${BONUS_COLUMNS}`,
        [id, ...keys.map((key) => changes[key])],
      );
      return result.rows[0] as BonusRow;
    },
    /** Bonuses whose deadline passed: offered past activate_by, active past complete_by. */
    async dueForExpiry(now: Date, limit: number): Promise<{ id: string }[]> {
      return (
        await db.query<{ id: string }>(
          `select id from player_bonuses where (status = 'offered' and activate_by <= $1) or (status = 'active' and complete_by <= $1) order by activate_by limit $2`,
          [now, limit],
        )
      ).rows;
    },
    /** Locks the player's bonus wallet account row, so a claim or forfeit reads a balance nothing else is changing. */
    async lockBonusWallet(userId: string): Promise<void> {
      await db.query(`select id from ledger_accounts where user_id = $1 and kind = 'player_bonus' for update`, [
        userId,
      ]);
    },

    // Wagering

    async findWagering(source: string, reference: string): Promise<WageringRow | null> {
      const result = await db.query<WageringRow>(
        'select * from bonus_wagering where source = $1 and reference = $2 for update',
        [source, reference],
      );
      return result.rows[0] ?? null;
    },
    /** The bonus running when the stake was placed: active or completed, activated at or before it. */
    async bonusRunningAt(userId: string, placedAt: Date): Promise<BonusRow | null> {
      const result = await db.query<BonusRow>(
        `select ${BONUS_COLUMNS} from player_bonuses where user_id = $1 and status in ('active', 'completed') and activated_at <= $2 for update`,
        [userId, placedAt],
      );
      return result.rows[0] ?? null;
    },
    async upsertWagering(row: Omit<WageringRow, 'id'>): Promise<void> {
      await db.query(
        `insert into bonus_wagering (bonus_id, user_id, source, reference, description, product, amount_at_risk_paise, odds_h, contribution_bp, counted_paise, status, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         on conflict (source, reference) do update set amount_at_risk_paise = excluded.amount_at_risk_paise, odds_h = excluded.odds_h,
           contribution_bp = excluded.contribution_bp, counted_paise = excluded.counted_paise, status = excluded.status, updated_at = excluded.updated_at,
           description = excluded.description`,
        [
          row.bonus_id,
          row.user_id,
          row.source,
          row.reference,
          row.description,
          row.product,
          row.amount_at_risk_paise,
          row.odds_h,
          row.contribution_bp,
          row.counted_paise,
          row.status,
          row.updated_at,
        ],
      );
    },
    async countedOf(bonusId: string): Promise<number> {
      const result = await db.query<{ total: number }>(
        'select coalesce(sum(counted_paise), 0)::bigint as total from bonus_wagering where bonus_id = $1',
        [bonusId],
      );
      return result.rows[0]?.total ?? 0;
    },
    async wageringOf(bonusIds: string[]): Promise<WageringRow[]> {
      if (bonusIds.length === 0) return [];
      return (
        await db.query<WageringRow>('select * from bonus_wagering where bonus_id = any($1) order by id desc', [
          bonusIds,
        ])
      ).rows;
    },

    // Manual grants

    async insertGrant(row: {
      userId: string;
      offerId: string;
      amountPaise: number;
      reason: string;
      requestedBy: string;
      at: Date;
    }): Promise<GrantRow> {
      const result = await db.query<GrantRow>(
        `insert into bonus_grants (user_id, offer_id, amount_paise, reason, requested_by, created_at) values ($1, $2, $3, $4, $5, $6) returning ${GRANT_COLUMNS}`,
        [row.userId, row.offerId, row.amountPaise, row.reason, row.requestedBy, row.at],
      );
      return result.rows[0] as GrantRow;
    },
    async findGrant(id: string, forUpdate = false): Promise<GrantRow | null> {
      const result = await db.query<GrantRow>(
        `select ${GRANT_COLUMNS} from bonus_grants where id = $1 ${forUpdate ? 'for update' : ''}`,
        [id],
      );
      return result.rows[0] ?? null;
    },
    async decideGrant(
      id: string,
      status: 'granted' | 'rejected',
      approvedBy: string,
      bonusId: string | null,
      at: Date,
    ): Promise<GrantRow> {
      const result = await db.query<GrantRow>(
        `update bonus_grants set status = $2, approved_by = $3, bonus_id = $4, decided_at = $5 where id = $1 returning ${GRANT_COLUMNS}`,
        [id, status, approvedBy, bonusId, at],
      );
      return result.rows[0] as GrantRow;
    },
    async listGrants(status: 'pending' | 'granted' | 'rejected'): Promise<GrantRow[]> {
      return (
        await db.query<GrantRow>(
          `select ${GRANT_COLUMNS} from bonus_grants where status = $1 order by seq desc limit 200`,
          [status],
        )
      ).rows;
    },
    async userRole(userId: string): Promise<number | null> {
      const result = await db.query<{ role: number }>('select role from users where id = $1', [userId]);
      return result.rows[0]?.role ?? null;
    },
  };
}
export type BonusRepository = ReturnType<typeof createBonusRepository>;
