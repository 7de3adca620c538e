import type { Queryable } from '../../db/database.js';

export interface SettingsRow {
  rate_bp: number;
  cap_per_player_week_paise: number;
  min_claim_paise: number;
  first_deposit_reward_paise: number;
}

export interface ReferredRow {
  id: string;
  name: string;
  created_at: Date;
  first_deposit_made: boolean;
  total_earned_paise: number;
}

export interface PairRow {
  referrer_id: string;
  referred_id: string;
  net_result_paise: number;
}

export interface EarningRow {
  id: string;
  referrer_id: string;
  referred_id: string;
  referred_name: string;
  week_start: string;
  net_loss_paise: number;
  earned_paise: number;
  capped: boolean;
  status: 'paid' | 'refused';
  refused_reason: string | null;
  created_at: Date;
}

export interface FlagRow {
  id: string;
  reason: 'shared_upi' | 'shared_bank_account' | 'shared_device';
  detail: string;
  created_at: Date;
  referrer_id: string;
  referrer_name: string;
  referrer_username: string;
  referrer_mobile: string;
  referred_id: string;
  referred_name: string;
  referred_username: string;
  referred_mobile: string;
}

/** Journal kinds that are a settled bet or casino round on a player's wallet (their reversals included). */
export const SETTLED_PLAY_KINDS = [
  'bet_settlement',
  'bet_void',
  'bet_resettlement',
  'bet_cash_out',
  'casino_debit',
  'casino_credit',
  'casino_rollback',
];

/** Players (role 4) on both sides: credit players neither refer nor are referred. */
const PLAYER_PAIR = `r.referred_by = f.id and r.role = 4 and f.role = 4 and f.referral_allow`;

/** A user agent as the shared-device rule compares it: case and whitespace do not make another browser. */
const NORMALISED_AGENT = (alias: string) => `lower(regexp_replace(${alias}.user_agent, '\\s+', '', 'g'))`;

export function createReferralRepository(db: Queryable) {
  return {
    async settings(): Promise<SettingsRow> {
      const result = await db.query<SettingsRow>(
        'select rate_bp, cap_per_player_week_paise, min_claim_paise, first_deposit_reward_paise from referral_settings where id',
      );
      return result.rows[0] as SettingsRow;
    },
    async saveSettings(row: SettingsRow, at: Date): Promise<SettingsRow> {
      const result = await db.query<SettingsRow>(
        `update referral_settings set rate_bp = $1, cap_per_player_week_paise = $2, min_claim_paise = $3, first_deposit_reward_paise = $4, updated_at = $5 where id
         returning rate_bp, cap_per_player_week_paise, min_claim_paise, first_deposit_reward_paise`,
        [row.rate_bp, row.cap_per_player_week_paise, row.min_claim_paise, row.first_deposit_reward_paise, at],
      );
      return result.rows[0] as SettingsRow;
    },

    async user(id: string): Promise<{
      id: string;
      role: number;
      referral_code: string;
      referral_allow: boolean;
      referred_by: string | null;
    } | null> {
      const result = await db.query<{
        id: string;
        role: number;
        referral_code: string;
        referral_allow: boolean;
        referred_by: string | null;
      }>('select id, role, referral_code, referral_allow, referred_by from users where id = $1', [id]);
      return result.rows[0] ?? null;
    },

    async referredUsers(referrerId: string): Promise<ReferredRow[]> {
      const result = await db.query<ReferredRow>(
        `select r.id, r.name, r.created_at,
           exists (select 1 from deposit_requests d where d.user_id = r.id and d.status = 'approved') as first_deposit_made,
           coalesce((select sum(e.earned_paise) from referral_earnings e where e.referrer_id = $1 and e.referred_id = r.id and e.status = 'paid'), 0)::bigint as total_earned_paise
         from users r where r.referred_by = $1 and r.phone_verified_at is not null and r.role = 4 order by r.created_at desc, r.id`,
        [referrerId],
      );
      return result.rows;
    },

    /** Each referred player's net result on settled play in [from, to) on their main wallet, for one referrer or all. */
    async netResults(from: Date, to: Date, referrerId: string | null): Promise<PairRow[]> {
      const result = await db.query<PairRow>(
        `select f.id as referrer_id, r.id as referred_id, coalesce(sum(e.amount_paise), 0)::bigint as net_result_paise
         from users r join users f on ${PLAYER_PAIR}
         join ledger_accounts a on a.user_id = r.id and a.kind = 'player_main'
         join journal_entries e on e.account_id = a.id
         join journal_transactions t on t.id = e.transaction_id
         where t.kind = any($1) and t.created_at >= $2 and t.created_at < $3 and ($4::uuid is null or f.id = $4)
         group by f.id, r.id
         having coalesce(sum(e.amount_paise), 0) <> 0
         order by f.id, r.id`,
        [SETTLED_PLAY_KINDS, from, to, referrerId],
      );
      return result.rows;
    },

    /** What the two accounts share, if anything: a UPI id, a bank account number or a device. */
    async sharedBetween(
      a: string,
      b: string,
    ): Promise<{ reason: 'shared_upi' | 'shared_bank_account' | 'shared_device'; detail: string } | null> {
      const accounts = await db.query<{ type: 'upi' | 'bank'; account_number: string }>(
        `select x.type, x.account_number from payment_accounts x join payment_accounts y
           on y.user_id = $2 and y.type = x.type and lower(y.account_number) = lower(x.account_number)
         where x.user_id = $1 order by x.type desc limit 1`,
        [a, b],
      );
      const shared = accounts.rows[0];
      if (shared !== undefined)
        return shared.type === 'upi'
          ? { reason: 'shared_upi', detail: shared.account_number }
          : { reason: 'shared_bank_account', detail: `••••${shared.account_number.slice(-4)}` };
      const devices = await db.query<{ fingerprint_hash: string }>(
        'select x.fingerprint_hash from user_devices x join user_devices y on y.user_id = $2 and y.fingerprint_hash = x.fingerprint_hash where x.user_id = $1 limit 1',
        [a, b],
      );
      const device = devices.rows[0];
      if (device !== undefined)
        return { reason: 'shared_device', detail: `device ${device.fingerprint_hash.slice(0, 12)}` };
      // The device id is the app's own word; what the server saw is the other half: sign-ins from one
      // address with one browser, within a day of each other (decision 0040).
      const seen = await db.query<{ ip: string }>(
        `select x.ip from sessions x join sessions y on y.user_id = $2 and y.ip = x.ip
           and ${NORMALISED_AGENT('y')} = ${NORMALISED_AGENT('x')}
           and y.created_at between x.created_at - interval '1 day' and x.created_at + interval '1 day'
         where x.user_id = $1 and x.ip is not null and x.user_agent is not null limit 1`,
        [a, b],
      );
      const network = seen.rows[0];
      return network === undefined ? null : { reason: 'shared_device', detail: `same browser from ${network.ip}` };
    },

    async flag(referrerId: string, referredId: string, reason: string, detail: string, at: Date): Promise<void> {
      await db.query(
        `insert into referral_flags (referrer_id, referred_id, reason, detail, created_at) values ($1, $2, $3, $4, $5)
         on conflict (referrer_id, referred_id, reason) do nothing`,
        [referrerId, referredId, reason, detail, at],
      );
    },
    async flags(): Promise<FlagRow[]> {
      const result = await db.query<FlagRow>(
        `select g.id, g.reason, g.detail, g.created_at,
           f.id as referrer_id, f.name as referrer_name, f.username as referrer_username, f.mobile_no as referrer_mobile,
           r.id as referred_id, r.name as referred_name, r.username as referred_username, r.mobile_no as referred_mobile
         from referral_flags g join users f on f.id = g.referrer_id join users r on r.id = g.referred_id
         order by g.created_at desc, g.id limit 500`,
      );
      return result.rows;
    },

    async recordDevice(userId: string, fingerprintHash: string, at: Date): Promise<void> {
      await db.query(
        'insert into user_devices (user_id, fingerprint_hash, first_seen_at) values ($1, $2, $3) on conflict do nothing',
        [userId, fingerprintHash, at],
      );
    },

    /** Serialises the weekly job across processes for the rest of the transaction. */
    async lockWeeklyJob(): Promise<void> {
      await db.query("select pg_advisory_xact_lock(hashtext('khel:referral-weekly'))");
    },
    async lastDoneWeek(): Promise<string | null> {
      const result = await db.query<{ week: string | null }>(
        "select to_char(max(week_start), 'YYYY-MM-DD') as week from referral_weeks_done",
      );
      return result.rows[0]?.week ?? null;
    },
    async weekDone(weekStart: string): Promise<boolean> {
      return (
        (await db.query('select 1 from referral_weeks_done where week_start = $1::date', [weekStart])).rowCount > 0
      );
    },
    async markWeekDone(weekStart: string, at: Date): Promise<void> {
      await db.query(
        'insert into referral_weeks_done (week_start, done_at) values ($1::date, $2) on conflict do nothing',
        [weekStart, at],
      );
    },
    async firstReferralAt(): Promise<Date | null> {
      const result = await db.query<{ at: Date | null }>(
        'select min(created_at) as at from users where referred_by is not null',
      );
      return result.rows[0]?.at ?? null;
    },

    /** Answers the new row's id, or null when this (referrer, referred, week) already has one. */
    async insertEarning(row: {
      referrerId: string;
      referredId: string;
      weekStart: string;
      netLossPaise: number;
      earnedPaise: number;
      capped: boolean;
      status: 'paid' | 'refused';
      refusedReason: string | null;
      at: Date;
    }): Promise<string | null> {
      const result = await db.query<{ id: string }>(
        `insert into referral_earnings (referrer_id, referred_id, week_start, net_loss_paise, earned_paise, capped, status, refused_reason, created_at)
         values ($1, $2, $3::date, $4, $5, $6, $7, $8, $9) on conflict (referrer_id, referred_id, week_start) do nothing returning id`,
        [
          row.referrerId,
          row.referredId,
          row.weekStart,
          row.netLossPaise,
          row.earnedPaise,
          row.capped,
          row.status,
          row.refusedReason,
          row.at,
        ],
      );
      return result.rows[0]?.id ?? null;
    },
    async setEarningJournal(id: string, journalId: number): Promise<void> {
      await db.query('update referral_earnings set journal_transaction_id = $2 where id = $1', [id, journalId]);
    },
    async earnings(referrerId: string, fromWeek: string, toWeek: string): Promise<EarningRow[]> {
      const result = await db.query<EarningRow>(
        `select e.id, e.referrer_id, e.referred_id, r.name as referred_name, to_char(e.week_start, 'YYYY-MM-DD') as week_start, e.net_loss_paise, e.earned_paise,
           e.capped, e.status, e.refused_reason, e.created_at
         from referral_earnings e join users r on r.id = e.referred_id
         where e.referrer_id = $1 and e.week_start between $2::date and $3::date order by e.week_start, r.name, e.id`,
        [referrerId, fromWeek, toWeek],
      );
      return result.rows;
    },
    async namesOf(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const result = await db.query<{ id: string; name: string }>('select id, name from users where id = any($1)', [
        ids,
      ]);
      return new Map(result.rows.map((row) => [row.id, row.name]));
    },
    /** Locks the player's referral account row: claims of one player run one at a time. */
    async lockReferralAccount(userId: string): Promise<void> {
      await db.query("select id from ledger_accounts where user_id = $1 and kind = 'player_referral' for update", [
        userId,
      ]);
    },
    async claimCount(userId: string): Promise<number> {
      const result = await db.query<{ n: number }>(
        "select count(*)::int as n from journal_transactions where kind = 'referral_claim' and actor_id = $1",
        [userId],
      );
      return result.rows[0]?.n ?? 0;
    },
    async transactionExists(idempotencyKey: string): Promise<boolean> {
      return (
        (await db.query('select 1 from journal_transactions where idempotency_key = $1', [idempotencyKey])).rowCount > 0
      );
    },
    async approvedDepositCount(userId: string): Promise<number> {
      const result = await db.query<{ n: number }>(
        "select count(*)::int as n from deposit_requests where user_id = $1 and status = 'approved'",
        [userId],
      );
      return result.rows[0]?.n ?? 0;
    },
  };
}
export type ReferralRepository = ReturnType<typeof createReferralRepository>;
