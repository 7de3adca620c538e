import type { Clock } from '../../lib/clock.js';
import { newOpaqueToken, sha256Hex } from '../../lib/crypto.js';
import type { IdentityRepository, SessionWithUser, UserRow } from './identity-repository.js';
import type { AuthResult, RequestOrigin, RevokeReason, SessionRevocation } from './identity-types.js';
import { MESSAGES_ENDED, endedMessage } from './identity-types.js';
import { createUserCache } from './user-cache.js';

/** last_seen_at is written at most this often, so a busy session does not write on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;
/** Decision 0029: how long a session read from the database answers from memory (keyed by its token), and how many are held. */
export const SESSION_CACHE = { ttlMs: 30 * 1000, maxEntries: 100_000 };

/**
 * Sessions: opened at sign-in, ended by logout, password changes, suspension, self-exclusion or expiry.
 * A session read from the database is cached in this process (decision 0029), so an authenticated
 * call costs no round trip; an ended session is dropped here at once and announced (onSessionsRevoked,
 * published on the bus) so every other process drops it too.
 */
export function createSessions(deps: {
  repository: IdentityRepository;
  clock: Clock;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  onSessionsRevoked?: (revocation: SessionRevocation) => void;
}) {
  const { repository, clock } = deps;
  const cache = createUserCache<SessionWithUser>(SESSION_CACHE);

  /** Ends one session (sessionId) or every session of the account, and says so to onSessionsRevoked. */
  async function endSessions(userId: string, reason: RevokeReason, sessionId?: string): Promise<void> {
    const now = clock.now();
    cache.drop(userId);
    const sessionIds =
      sessionId === undefined
        ? await repository.revokeAllSessions(userId, now, reason)
        : await repository.revokeSession(sessionId, now, reason);
    // Dropped again: a read that began before the revocation was written could have been stored meanwhile.
    cache.drop(userId);
    if (sessionIds.length > 0) deps.onSessionsRevoked?.({ userId, sessionIds, reason, ended: endedMessage(reason) });
  }

  async function openSession(user: UserRow, origin: RequestOrigin): Promise<string> {
    const token = newOpaqueToken();
    const now = clock.now();
    await repository.insertSession({
      userId: user.id,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(now.getTime() + deps.sessionAbsoluteMs),
      now,
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, 300) ?? null,
    });
    await repository.setLastLogin(user.id, now);
    return token;
  }

  /**
   * The session from the cache, or from the database (then cached while it is live). The cache is keyed
   * by the raw token, so a cached call hashes nothing; the hash is worked out only to read the database
   * (which holds hashes alone). Revocation drops entries by account, whatever their key.
   */
  async function lookUp(token: string, fresh: boolean): Promise<{ found: SessionWithUser; cached: boolean } | null> {
    const nowMs = clock.now().getTime();
    const cached = fresh ? undefined : cache.get(token, nowMs);
    if (cached !== undefined) return { found: cached, cached: true };
    const ticket = cache.begin();
    const found = await repository.findSessionByTokenHash(sha256Hex(token));
    if (found === null) return null;
    if (found.revoked_at === null) cache.set(token, found.user.id, found, nowMs, ticket);
    return { found, cached: false };
  }

  const isExpired = (found: SessionWithUser, nowMs: number) =>
    nowMs - found.last_seen_at.getTime() > deps.sessionIdleMs || found.expires_at.getTime() <= nowMs;

  function accepted(found: SessionWithUser, lastSeenAt: Date): AuthResult {
    const user = found.user;
    return {
      kind: 'ok',
      expiresAt: found.expires_at,
      idleExpiresAt: new Date(lastSeenAt.getTime() + deps.sessionIdleMs),
      caller: {
        userId: user.id,
        sessionId: found.session_id,
        role: user.role,
        wallet: user.wallet,
        permissions: {
          allowHome: user.allow_home,
          allowLiveCasino: user.allow_live_casino,
          allowSlots: user.allow_slots,
          allowStatements: user.allow_statements,
          allowProfitLoss: user.allow_profit_loss,
        },
      },
    };
  }

  /**
   * What `authenticate(token)` would answer, without a promise, when the cache alone can answer it: a
   * cached live session that is neither expired nor due its last_seen_at write. Anything else (not
   * cached, looks expired, due a touch) is null and the caller goes through `authenticate`. The hot
   * path of every signed-in call (plugins/auth.ts, decision 0029).
   */
  function authenticateCached(token: string): AuthResult | null {
    const nowMs = clock.now().getTime();
    const found = cache.get(token, nowMs);
    if (found === undefined || isExpired(found, nowMs) || nowMs - found.last_seen_at.getTime() > TOUCH_INTERVAL_MS)
      return null;
    return accepted(found, found.last_seen_at);
  }

  /**
   * The session behind a token. `touch: false` (the live module re-checking an open socket) leaves
   * last_seen_at alone, so an open socket alone never keeps a session from idling out; `fresh: true`
   * reads the database, not the cache (the live module's safety re-check, for a lost announcement).
   */
  async function authenticate(token: string, options: { touch?: boolean; fresh?: boolean } = {}): Promise<AuthResult> {
    if (token.length < 20 || token.length > 100) return { kind: 'invalid' };
    let looked = await lookUp(token, options.fresh === true);
    if (looked === null) return { kind: 'invalid' };
    const now = clock.now();
    if (looked.cached && isExpired(looked.found, now.getTime())) {
      // Another process may have kept it alive meanwhile: the database decides.
      cache.delete(token);
      looked = await lookUp(token, true);
      if (looked === null) return { kind: 'invalid' };
    }
    const found = looked.found;
    if (found.revoked_at !== null) {
      if (found.revoke_reason === 'suspended') return { kind: 'ended', message: MESSAGES_ENDED.suspended };
      if (found.revoke_reason === 'self_excluded') return { kind: 'ended', message: MESSAGES_ENDED.selfExcluded };
      return { kind: 'invalid' };
    }
    if (isExpired(found, now.getTime())) {
      await endSessions(found.user.id, 'expired', found.session_id);
      return { kind: 'invalid' };
    }
    let lastSeenAt = found.last_seen_at;
    if (options.touch !== false && now.getTime() - lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await repository.touchSession(found.session_id, now);
      lastSeenAt = now;
      cache.update(token, (session) => ({ ...session, last_seen_at: now }));
    }
    return accepted(found, lastSeenAt);
  }

  /** The account as one of its cached sessions holds it (null when none is cached here). */
  function cachedUser(userId: string): UserRow | null {
    return cache.anyOf(userId, clock.now().getTime())?.user ?? null;
  }

  return {
    openSession,
    endSessions,
    authenticate,
    authenticateCached,
    cachedUser,
    /** Drops the account's cached sessions (its sessions ended or the account changed, here or in another process). */
    forget: (userId: string) => cache.drop(userId),
    cacheSize: () => cache.size(),
  };
}
export type Sessions = ReturnType<typeof createSessions>;
