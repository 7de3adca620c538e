export interface RequestOrigin {
  ip: string;
  userAgent: string | null;
}

/** Who is calling, as the auth plugin established it. */
export interface Caller {
  userId: string;
  sessionId: string;
  role: number;
  /** The wallet bets and games use ('1' main, '2' bonus), as selected when the request was authenticated. */
  wallet: '1' | '2';
  /** The per-user permission flags (spec §6), as they were when the request was authenticated. */
  permissions: {
    allowHome: boolean;
    allowLiveCasino: boolean;
    allowSlots: boolean;
    allowStatements: boolean;
    allowProfitLoss: boolean;
  };
}

export type AuthResult =
  | { kind: 'ok'; caller: Caller; expiresAt: Date; idleExpiresAt: Date }
  /** Token unknown, expired or revoked: HTTP 401 (spec §4: go to /login). */
  | { kind: 'invalid' }
  /** The account itself was closed to the session (suspended, self-excluded): meta.code 401 (spec §4: go to /). */
  | { kind: 'ended'; message: string };

/** Why sessions ended (sessions.revoke_reason). */
export type RevokeReason =
  | 'logout'
  | 'password_changed'
  | 'password_reset'
  | 'suspended'
  | 'self_excluded'
  | 'expired'
  | 'second_factor_reset';

/**
 * Sessions that just ended, for whatever holds them open (the live module closes their WebSockets, in
 * every process; every process drops them from its session cache). `ended` is the reason to show when
 * the account was closed to them, else null.
 */
export interface SessionRevocation {
  userId: string;
  sessionIds: string[];
  reason: RevokeReason;
  ended: string | null;
}

export const MESSAGES_ENDED = {
  suspended: 'Your account is suspended, please contact support',
  selfExcluded: 'Your account is self-excluded, you have been logged out',
} as const;

export function endedMessage(reason: RevokeReason): string | null {
  if (reason === 'suspended') return MESSAGES_ENDED.suspended;
  if (reason === 'self_excluded') return MESSAGES_ENDED.selfExcluded;
  return null;
}
