import type { Queryable } from '../../db/database.js';

export interface SecondFactorRow {
  user_id: string;
  secret: string;
  confirmed_at: Date | null;
  last_step: string | null;
}

/** What the back-office guard needs about one session, in one round trip. */
export interface SessionSecondFactorState {
  second_factor_at: Date | null;
  /** The last fresh authenticator code of this session (a TOTP sign-in or a step-up). */
  step_up_at: Date | null;
  /** An upline set the password: the holder must choose its own first (decision 0050). */
  password_change_required: boolean;
  confirmed_at: Date | null;
  exempt: boolean;
}

/** Operators' TOTP secrets, recovery codes, exemptions and the sessions' pass mark. */
export function createSecondFactorRepository(db: Queryable) {
  return {
    async find(userId: string): Promise<SecondFactorRow | null> {
      const result = await db.query<SecondFactorRow>(
        'select user_id, secret, confirmed_at, last_step::text as last_step from operator_second_factors where user_id = $1',
        [userId],
      );
      return result.rows[0] ?? null;
    },
    /** A new pending secret; an already confirmed factor is left as it is (answers false). */
    async savePending(userId: string, secret: string, at: Date): Promise<boolean> {
      const result = await db.query(
        `insert into operator_second_factors (user_id, secret, created_at) values ($1, $2, $3)
         on conflict (user_id) do update set secret = excluded.secret, created_at = excluded.created_at, last_step = null
         where operator_second_factors.confirmed_at is null`,
        [userId, secret, at],
      );
      return result.rowCount === 1;
    },
    /** Confirms a pending enrolment once, even when two confirmations race. */
    async confirm(userId: string, step: number, at: Date): Promise<boolean> {
      const result = await db.query(
        'update operator_second_factors set confirmed_at = $2, last_step = $3 where user_id = $1 and confirmed_at is null',
        [userId, at, step],
      );
      return result.rowCount === 1;
    },
    /** Accepts a code's time step only if it is newer than every step accepted before: no replay. */
    async advanceStep(userId: string, step: number): Promise<boolean> {
      const result = await db.query(
        'update operator_second_factors set last_step = $2 where user_id = $1 and confirmed_at is not null and (last_step is null or last_step < $2)',
        [userId, step],
      );
      return result.rowCount === 1;
    },
    async insertRecoveryCodes(userId: string, codeHashes: string[], at: Date): Promise<void> {
      for (const hash of codeHashes) {
        await db.query('insert into operator_recovery_codes (user_id, code_hash, created_at) values ($1, $2, $3)', [
          userId,
          hash,
          at,
        ]);
      }
    },
    /** Spends a recovery code exactly once. */
    async useRecoveryCode(userId: string, codeHash: string, at: Date): Promise<boolean> {
      const result = await db.query(
        `update operator_recovery_codes set used_at = $3
         where id = (select id from operator_recovery_codes where user_id = $1 and code_hash = $2 and used_at is null limit 1) and used_at is null`,
        [userId, codeHash, at],
      );
      return result.rowCount === 1;
    },
    async recoveryCodesLeft(userId: string): Promise<number> {
      const result = await db.query<{ count: number }>(
        'select count(*)::int as count from operator_recovery_codes where user_id = $1 and used_at is null',
        [userId],
      );
      return result.rows[0]?.count ?? 0;
    },
    /** Forgets the operator's authenticator and recovery codes: the next sign-in enrols again. */
    async remove(userId: string): Promise<boolean> {
      await db.query('delete from operator_recovery_codes where user_id = $1', [userId]);
      const result = await db.query('delete from operator_second_factors where user_id = $1', [userId]);
      return result.rowCount === 1;
    },
    async exempt(userId: string, reason: string, at: Date): Promise<void> {
      await db.query(
        'insert into second_factor_exemptions (user_id, reason, created_at) values ($1, $2, $3) on conflict (user_id) do nothing',
        [userId, reason, at],
      );
    },
    async sessionState(sessionId: string): Promise<SessionSecondFactorState | null> {
      const result = await db.query<SessionSecondFactorState>(
        `select s.second_factor_at, s.step_up_at, u.password_change_required, f.confirmed_at, (e.user_id is not null) as exempt
         from sessions s
         join users u on u.id = s.user_id
         left join operator_second_factors f on f.user_id = s.user_id
         left join second_factor_exemptions e on e.user_id = s.user_id
         where s.id = $1`,
        [sessionId],
      );
      return result.rows[0] ?? null;
    },
    /** A fresh authenticator code was entered in this session now. */
    async markSessionSteppedUp(sessionId: string, at: Date): Promise<void> {
      await db.query('update sessions set step_up_at = $2 where id = $1', [sessionId, at]);
    },
    async markSessionPassed(sessionId: string, at: Date): Promise<void> {
      await db.query('update sessions set second_factor_at = coalesce(second_factor_at, $2) where id = $1', [
        sessionId,
        at,
      ]);
    },
  };
}
export type SecondFactorRepository = ReturnType<typeof createSecondFactorRepository>;
