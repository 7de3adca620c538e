import type { Queryable } from '../../db/database.js';
import { subtreeIdsSql } from '../../db/subtree-sql.js';

export interface UserRow {
  id: string;
  name: string;
  username: string;
  mobile_no: string;
  password_hash: string;
  role: number;
  wallet: '1' | '2';
  phone_verified_at: Date | null;
  referral_code: string;
  referred_by: string | null;
  referral_allow: boolean;
  allow_home: boolean;
  allow_live_casino: boolean;
  allow_slots: boolean;
  allow_statements: boolean;
  allow_profit_loss: boolean;
  suspended_at: Date | null;
  suspended_reason: string | null;
  self_excluded_until: Date | null;
  created_at: Date;
  last_login_at: Date | null;
  /** The account's upline in the agent tree (PRODUCT.md §9); null for a DIRECTOR. */
  upline_id: string | null;
}

export interface NewUser {
  name: string;
  username: string;
  mobileNo: string;
  passwordHash: string;
  role: number;
  referralCode: string;
  referredBy: string | null;
  phoneVerifiedAt: Date | null;
  ageConfirmedAt: Date;
  /** The upline; null puts the account under the tree's root (the first director), or at the root for a DIRECTOR. */
  uplineId: string | null;
}

export interface SessionWithUser {
  session_id: string;
  expires_at: Date;
  last_seen_at: Date;
  revoked_at: Date | null;
  revoke_reason: string | null;
  user: UserRow;
}

export interface OtpRow {
  id: string;
  code_hash: string;
  attempts: number;
  expires_at: Date;
}

/** Columns an operator may change, as the database names them. */
export interface UserChanges {
  role?: number;
  referral_allow?: boolean;
  allow_home?: boolean;
  allow_live_casino?: boolean;
  allow_slots?: boolean;
  allow_statements?: boolean;
  allow_profit_loss?: boolean;
  suspended_at?: Date | null;
  suspended_reason?: string | null;
}

const USER_COLUMNS = `id, name, username, mobile_no, password_hash, role, wallet, phone_verified_at, referral_code,
  referred_by, referral_allow, allow_home, allow_live_casino, allow_slots, allow_statements, allow_profit_loss,
  suspended_at, suspended_reason, self_excluded_until, created_at, last_login_at, upline_id`;

/** The tree's root: the first director. */
const TREE_ROOT_SQL = 'select id from users where role = 1 order by created_at, id limit 1';

export function createIdentityRepository(db: Queryable) {
  return {
    async findByMobile(mobileNo: string): Promise<UserRow | null> {
      const result = await db.query<UserRow>(`select ${USER_COLUMNS} from users where mobile_no = $1`, [mobileNo]);
      return result.rows[0] ?? null;
    },
    async findByUsername(username: string): Promise<UserRow | null> {
      const result = await db.query<UserRow>(`select ${USER_COLUMNS} from users where lower(username) = lower($1)`, [
        username,
      ]);
      return result.rows[0] ?? null;
    },
    async findById(id: string): Promise<UserRow | null> {
      const result = await db.query<UserRow>(`select ${USER_COLUMNS} from users where id = $1`, [id]);
      return result.rows[0] ?? null;
    },
    async findByReferralCode(code: string): Promise<UserRow | null> {
      const result = await db.query<UserRow>(`select ${USER_COLUMNS} from users where referral_code = upper($1)`, [
        code,
      ]);
      return result.rows[0] ?? null;
    },
    async usernameTaken(username: string): Promise<boolean> {
      const result = await db.query('select 1 from users where lower(username) = lower($1)', [username]);
      return result.rowCount > 0;
    },
    async anyWithRole(role: number): Promise<boolean> {
      const result = await db.query('select 1 from users where role = $1 limit 1', [role]);
      return result.rowCount > 0;
    },
    /** The new account, or null when one of its unique keys (mobile number, username, referral code) was taken meanwhile. */
    async insertUser(user: NewUser): Promise<UserRow | null> {
      const result = await db.query<UserRow>(
        `insert into users (name, username, mobile_no, password_hash, role, referral_code, referred_by, phone_verified_at, age_confirmed_at, upline_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, case when $5::smallint = 1 then $10::uuid else coalesce($10::uuid, (${TREE_ROOT_SQL})) end)
         on conflict do nothing returning ${USER_COLUMNS}`,
        [
          user.name,
          user.username,
          user.mobileNo,
          user.passwordHash,
          user.role,
          user.referralCode,
          user.referredBy,
          user.phoneVerifiedAt,
          user.ageConfirmedAt,
          user.uplineId,
        ],
      );
      return result.rows[0] ?? null;
    },
    /** Sign-up again before verifying: the newest details win. */
    async refreshUnverifiedUser(
      id: string,
      name: string,
      passwordHash: string,
      referredBy: string | null,
      ageConfirmedAt: Date,
      placement: { uplineId: string | null; role: number },
    ): Promise<void> {
      await db.query(
        `update users set name = $2, password_hash = $3, referred_by = $4, age_confirmed_at = $5,
           upline_id = coalesce($6::uuid, (${TREE_ROOT_SQL})), role = $7
         where id = $1 and phone_verified_at is null`,
        [id, name, passwordHash, referredBy, ageConfirmedAt, placement.uplineId, placement.role],
      );
    },
    async markPhoneVerified(id: string, at: Date): Promise<void> {
      await db.query('update users set phone_verified_at = coalesce(phone_verified_at, $2) where id = $1', [id, at]);
    },
    /** A new password; `changeRequired` when someone else chose it (decision 0050), false when the holder did. */
    async setPassword(id: string, passwordHash: string, changeRequired = false): Promise<void> {
      await db.query('update users set password_hash = $2, password_change_required = $3 where id = $1', [
        id,
        passwordHash,
        changeRequired,
      ]);
    },
    async requirePasswordChange(id: string): Promise<void> {
      await db.query('update users set password_change_required = true where id = $1', [id]);
    },
    async setLastLogin(id: string, at: Date): Promise<void> {
      await db.query('update users set last_login_at = $2 where id = $1', [id, at]);
    },
    async setWallet(id: string, wallet: '1' | '2'): Promise<void> {
      await db.query('update users set wallet = $2 where id = $1', [id, wallet]);
    },
    async setSelfExcludedUntil(id: string, until: Date | null): Promise<void> {
      await db.query('update users set self_excluded_until = $2 where id = $1', [id, until]);
    },
    async updateUser(id: string, changes: UserChanges): Promise<UserRow | null> {
      const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
      if (entries.length === 0) return this.findById(id);
      // Column names come from the UserChanges type above, never from the client.
      const sets = entries.map(([column], index) => `${column} = $${index + 2}`).join(', ');
      const result = await db.query<UserRow>(`update users set ${sets} where id = $1 returning ${USER_COLUMNS}`, [
        id,
        ...entries.map(([, value]) => value),
      ]);
      return result.rows[0] ?? null;
    },
    /**
     * Users matching the filters, within the subtree of `within` (an agent's downline; null: the whole
     * site). `uplineId`: only the direct downline of that account (a level of the tree).
     */
    async searchUsers(query: {
      search?: string;
      role?: number;
      uplineId?: string;
      within: string | null;
      limit: number;
      offset: number;
    }): Promise<{ rows: UserRow[]; total: number }> {
      const where: string[] = [];
      const params: unknown[] = [];
      if (query.within !== null) {
        params.push(query.within);
        where.push(`id in (${subtreeIdsSql(params.length)})`);
      }
      if (query.uplineId !== undefined) {
        params.push(query.uplineId);
        where.push(`upline_id = $${params.length}`);
      }
      if (query.search !== undefined && query.search.length > 0) {
        params.push(`%${query.search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`);
        where.push(
          `(name ilike $${params.length} or username ilike $${params.length} or mobile_no like $${params.length} or referral_code ilike $${params.length})`,
        );
      }
      if (query.role !== undefined) {
        params.push(query.role);
        where.push(`role = $${params.length}`);
      }
      const clause = where.length > 0 ? `where ${where.join(' and ')}` : '';
      const total = await db.query<{ count: number }>(`select count(*)::int as count from users ${clause}`, params);
      const rows = await db.query<UserRow>(
        `select ${USER_COLUMNS} from users ${clause} order by created_at desc, id limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, query.limit, query.offset],
      );
      return { rows: rows.rows, total: total.rows[0]?.count ?? 0 };
    },

    // Sessions
    async insertSession(session: {
      userId: string;
      tokenHash: string;
      expiresAt: Date;
      now: Date;
      ip: string | null;
      userAgent: string | null;
    }): Promise<string> {
      const result = await db.query<{ id: string }>(
        `insert into sessions (user_id, token_hash, created_at, last_seen_at, expires_at, ip, user_agent)
         values ($1, $2, $3, $3, $4, $5, $6) returning id`,
        [session.userId, session.tokenHash, session.now, session.expiresAt, session.ip, session.userAgent],
      );
      return (result.rows[0] as { id: string }).id;
    },
    async findSessionByTokenHash(tokenHash: string): Promise<SessionWithUser | null> {
      // One round trip on every authenticated request: the session and its user together.
      const columns = USER_COLUMNS.split(',')
        .map((column) => `u.${column.trim()}`)
        .join(', ');
      const result = await db.query<
        UserRow & {
          session_id: string;
          expires_at: Date;
          last_seen_at: Date;
          revoked_at: Date | null;
          revoke_reason: string | null;
        }
      >(
        `select s.id as session_id, s.expires_at, s.last_seen_at, s.revoked_at, s.revoke_reason, ${columns}
         from sessions s join users u on u.id = s.user_id where s.token_hash = $1`,
        [tokenHash],
      );
      const row = result.rows[0];
      if (row === undefined) return null;
      const { session_id, expires_at, last_seen_at, revoked_at, revoke_reason, ...user } = row;
      return { session_id, expires_at, last_seen_at, revoked_at, revoke_reason, user: user as UserRow };
    },
    async touchSession(sessionId: string, at: Date): Promise<void> {
      await db.query('update sessions set last_seen_at = $2 where id = $1', [sessionId, at]);
    },
    /** The ids of the sessions this call ended (none when it had already ended). */
    async revokeSession(sessionId: string, at: Date, reason: string): Promise<string[]> {
      const result = await db.query<{ id: string }>(
        'update sessions set revoked_at = $2, revoke_reason = $3 where id = $1 and revoked_at is null returning id',
        [sessionId, at, reason],
      );
      return result.rows.map((row) => row.id);
    },
    async revokeAllSessions(userId: string, at: Date, reason: string): Promise<string[]> {
      const result = await db.query<{ id: string }>(
        'update sessions set revoked_at = $2, revoke_reason = $3 where user_id = $1 and revoked_at is null returning id',
        [userId, at, reason],
      );
      return result.rows.map((row) => row.id);
    },

    // One-time codes
    async supersedeOtps(mobileNo: string, purpose: string, at: Date): Promise<void> {
      await db.query(
        'update otp_codes set consumed_at = $3 where mobile_no = $1 and purpose = $2 and consumed_at is null',
        [mobileNo, purpose, at],
      );
    },
    async insertOtp(otp: {
      mobileNo: string;
      purpose: string;
      codeHash: string;
      now: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.query(
        'insert into otp_codes (mobile_no, purpose, code_hash, created_at, expires_at) values ($1, $2, $3, $4, $5)',
        [otp.mobileNo, otp.purpose, otp.codeHash, otp.now, otp.expiresAt],
      );
    },
    async latestLiveOtp(mobileNo: string, purpose: string): Promise<OtpRow | null> {
      const result = await db.query<OtpRow>(
        `select id, code_hash, attempts, expires_at from otp_codes
         where mobile_no = $1 and purpose = $2 and consumed_at is null order by created_at desc limit 1`,
        [mobileNo, purpose],
      );
      return result.rows[0] ?? null;
    },
    /** Counts a wrong try atomically; answers the new count, or null when the code was already spent. */
    async countOtpAttempt(id: string, maxAttempts: number): Promise<number | null> {
      const result = await db.query<{ attempts: number }>(
        'update otp_codes set attempts = attempts + 1 where id = $1 and consumed_at is null and attempts < $2 returning attempts',
        [id, maxAttempts],
      );
      return result.rows[0]?.attempts ?? null;
    },
    /** Spends a code exactly once, even when two requests race with it. */
    async consumeOtp(id: string, at: Date): Promise<boolean> {
      const result = await db.query('update otp_codes set consumed_at = $2 where id = $1 and consumed_at is null', [
        id,
        at,
      ]);
      return result.rowCount === 1;
    },

    async serverSecret(name: string, candidate: string): Promise<string> {
      await db.query('insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
        name,
        candidate,
      ]);
      const result = await db.query<{ value: string }>('select value from server_secrets where name = $1', [name]);
      return (result.rows[0] as { value: string }).value;
    },
  };
}
export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
