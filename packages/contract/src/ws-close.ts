// Without zod on purpose: the player app's first load imports it (the initial JavaScript budget).

/** RFC 6455 1012 (service restart): the close code a client reconnects on at once, without its backoff. */
export const WS_RESTART_CODE = 1012;

/**
 * How the server closes a WebSocket (/ws) on purpose: a code the client can act on and a reason a
 * person can read. 4401/4403 mirror HTTP 401 and meta.code 401 (spec §4: /login versus /).
 */
export const WS_CLOSE = {
  /** The session was logged out, its password changed or reset, or it expired: log in again. */
  SESSION_REVOKED: { code: 4401, reason: 'Please log in again' },
  /** The account was closed to the session (suspended, self-excluded); the reason says which. */
  SESSION_ENDED: { code: 4403, reason: 'Your session has ended, please log in again' },
  /** The account already holds as many open connections as it may. */
  TOO_MANY_FOR_ACCOUNT: { code: 4429, reason: 'Too many open connections for this account, close another tab or app' },
  /** The client address already holds as many open connections as it may. */
  TOO_MANY_FOR_ADDRESS: { code: 4429, reason: 'Too many open connections from this network, please try again later' },
  /**
   * The sign-in could not be checked (RFC 6455 1011, a failure on the server's side, e.g. the database did
   * not answer): reconnect after the usual backoff and sign in again; an open socket left unsigned would
   * carry none of the player's own messages.
   */
  SIGN_IN_FAILED: { code: 1011, reason: 'Could not check your session, reconnecting' },
  /** This process is stopping (RFC 6455 1012, service restart): reconnect at once, another process answers. */
  RESTARTING: { code: WS_RESTART_CODE, reason: 'Server restarting, reconnect' },
} as const;
