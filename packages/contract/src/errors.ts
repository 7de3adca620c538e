/**
 * The one catalogue of machine error codes (PRODUCT.md §2). A business outcome answers HTTP 200 with
 * meta.code 400/403/404/409/422/429 and one of these in meta.error; transport failures use real HTTP
 * statuses. Codes are stable: clients and tests match on them, never on the wording.
 */
export const ERRORS = {
  VALIDATION_FAILED: { metaCode: 400, message: 'Please check the highlighted fields' },
  INVALID_CREDENTIALS: { metaCode: 400, message: 'Invalid mobile number or password' },
  WRONG_OLD_PASSWORD: { metaCode: 400, message: 'Old password is incorrect' },
  WEAK_PASSWORD: { metaCode: 400, message: 'Password is too common, choose another' },
  OTP_INVALID: { metaCode: 400, message: 'Invalid OTP' },
  OTP_EXPIRED: { metaCode: 400, message: 'OTP has expired, please request a new one' },
  OTP_ATTEMPTS_EXCEEDED: { metaCode: 429, message: 'Too many wrong attempts, please request a new OTP' },
  OTP_DAILY_LIMIT: { metaCode: 429, message: 'Too many failed attempts today, please try again tomorrow' },
  OTP_SEND_THROTTLED: { metaCode: 429, message: 'Please wait before requesting another OTP' },
  LOGIN_THROTTLED: { metaCode: 429, message: 'Too many failed attempts, please try again later' },
  MOBILE_ALREADY_REGISTERED: { metaCode: 409, message: 'This mobile number is already registered' },
  REFERRAL_CODE_UNKNOWN: { metaCode: 400, message: 'Referral code is not valid' },
  PHONE_NOT_VERIFIED: { metaCode: 403, message: 'Please verify your mobile number, we have sent you an OTP' },
  ACCOUNT_SUSPENDED: { metaCode: 403, message: 'Your account is suspended, please contact support' },
  ACCOUNT_SELF_EXCLUDED: { metaCode: 403, message: 'Your account is self-excluded until the end of the chosen period' },
  JURISDICTION_BLOCKED: { metaCode: 403, message: 'Real-money play is not available in your country' },
  FORBIDDEN: { metaCode: 403, message: 'You do not have permission for this action' },
  NOT_FOUND: { metaCode: 404, message: 'Not found' },
  CONFLICT: { metaCode: 409, message: 'This change conflicts with the current state' },
  UNSUPPORTED_IMAGE: { metaCode: 422, message: 'Upload a PNG, JPEG or WebP image of at most 5 MB' },
  WALLET_INSUFFICIENT_FUNDS: { metaCode: 422, message: 'Insufficient balance' },
  DUPLICATE_REFERENCE_ID: { metaCode: 409, message: 'This reference id has already been used' },
  DEPOSIT_LIMIT_REACHED: { metaCode: 422, message: 'This deposit would exceed your deposit limit' },
  IDEMPOTENCY_KEY_REUSED: { metaCode: 422, message: 'This Idempotency-Key was used for a different request' },
  ALREADY_DECIDED: { metaCode: 409, message: 'This request has already been decided' },
  SECOND_APPROVER_REQUIRED: { metaCode: 409, message: 'A second operator must approve this amount' },
  /** Separation of duties (PRODUCT.md §7): no operator acts on their own account or on a request they made. */
  SELF_SERVICE_REFUSED: { metaCode: 403, message: 'You cannot act on your own account or on a request you made' },
  /** Subtree authorisation (PRODUCT.md §9, decision 0018): an agent acts only inside its own downline. */
  NOT_IN_DOWNLINE: { metaCode: 403, message: 'This account is not in your downline' },
  AGENT_LEVELS_EXCEEDED: { metaCode: 422, message: 'The tree allows at most 5 agent levels below the director' },
  ROLE_NOT_CREATABLE: { metaCode: 403, message: 'You cannot create an account with this role here' },
  MARKET_SUSPENDED: { metaCode: 409, message: 'Market suspended' },
  MARKET_CLOSED: { metaCode: 409, message: 'Market closed' },
  ODDS_CHANGED: { metaCode: 409, message: 'Odds changed' },
  PRICE_NOT_ON_LADDER: { metaCode: 400, message: 'Odds must be on the price ladder' },
  BELOW_MIN_STAKE: { metaCode: 400, message: 'Stake is below the minimum' },
  ABOVE_MAX_STAKE: { metaCode: 400, message: 'Stake is above the maximum' },
  ABOVE_MAX_PROFIT: { metaCode: 400, message: 'This bet could win more than the market allows' },
  BETTING_BLOCKED: { metaCode: 403, message: 'Betting on this is blocked for your account' },
  /** An upline locked the market's type (match odds, bookmaker or fancy) for this account (decision 0064). */
  MARKET_TYPE_LOCKED: { metaCode: 403, message: 'Betting on this market type is locked for your account' },
  AGENT_RATE_ABOVE_UPLINE: { metaCode: 422, message: "A partnership or commission cannot be above the upline's own" },
  AGENT_RATE_BELOW_DOWNLINE: {
    metaCode: 422,
    message: 'A partnership or commission cannot be below what this agent has given its downline',
  },
  WEEK_NOT_OVER: { metaCode: 409, message: 'A week can be settled only after it ends' },
  BET_NOT_CANCELLABLE: { metaCode: 409, message: 'This bet has nothing left to cancel' },
  /** Edit bet (issue 31, decision 0067): only an exchange bet's unmatched part, on an open market. */
  BET_NOT_EDITABLE: { metaCode: 409, message: 'Only the unmatched part of an exchange bet can be edited' },
  STAKE_ONLY_LOWERED: { metaCode: 400, message: 'A stake can only be lowered here: place a new bet to add to it' },
  /** An aggregator (Hub88) did not answer a game-URL or catalogue call (decision 0046). */
  CASINO_PROVIDER_UNAVAILABLE: { metaCode: 409, message: 'The game provider is not answering, please try again' },
  CASH_OUT_UNAVAILABLE: { metaCode: 409, message: 'Cash out is not available on this market right now' },
  SECOND_FACTOR_ENROLMENT_REQUIRED: {
    metaCode: 403,
    message: 'Set up two-step sign-in with an authenticator app to continue',
  },
  SECOND_FACTOR_REQUIRED: { metaCode: 403, message: 'Enter the code from your authenticator app to continue' },
  SECOND_FACTOR_INVALID: { metaCode: 400, message: 'That code is not right, please try again' },
  SECOND_FACTOR_REUSED: { metaCode: 400, message: 'That code has already been used, wait for the next one' },
  SECOND_FACTOR_THROTTLED: { metaCode: 429, message: 'Too many wrong codes, please try again later' },
  /** A money action needs a fresh authenticator code in this session (decision 0049). */
  STEP_UP_REQUIRED: { metaCode: 403, message: 'Enter a fresh code from your authenticator app to confirm this' },
  /** An upline set this back-office account's password: the holder chooses its own first (decision 0050). */
  PASSWORD_CHANGE_REQUIRED: { metaCode: 403, message: 'Choose a new password of your own to continue' },
  BONUS_NOT_AVAILABLE: { metaCode: 403, message: 'Bonuses are not available on this account' },
  BONUS_ALREADY_ACTIVE: { metaCode: 409, message: 'You already have an active bonus, finish or forfeit it first' },
  BONUS_NOT_OFFERED: { metaCode: 409, message: 'This bonus cannot be activated' },
  BONUS_NOT_COMPLETED: { metaCode: 409, message: 'Complete the wagering before claiming this bonus' },
  BONUS_CLOSED: { metaCode: 409, message: 'This bonus has already ended' },
  BONUS_EXPOSURE_OPEN: { metaCode: 409, message: 'Settle your open bonus-wallet bets before forfeiting' },
  BONUS_OFFER_PAUSED: { metaCode: 409, message: 'This offer is paused' },
  REFERRAL_NOT_ALLOWED: { metaCode: 403, message: 'The referral programme is not available on this account' },
  REF_BONUS_BELOW_MINIMUM: { metaCode: 422, message: 'Your referral bonus is below the minimum claim' },
  /** Agents' money (decision 0019): chips go to cash accounts, credit and settlements to credit accounts. */
  WRONG_ACCOUNT_KIND: { metaCode: 409, message: 'This account does not take this kind of money' },
  LEDGER_LIMIT_REACHED: { metaCode: 422, message: 'This account has reached its configured limit' },
  /** The seamless casino wallet's refusals (PRODUCT.md §4), each with the meta.code of its protocol status. */
  CASINO_TOKEN_INVALID: { metaCode: 403, message: 'The launch token is unknown or expired' },
  CASINO_PLAYER_BLOCKED: { metaCode: 403, message: 'The player may not play this game now' },
  CASINO_GAME_NOT_FOUND: { metaCode: 404, message: 'No such game for this provider' },
  CASINO_TRANSACTION_MISMATCH: { metaCode: 409, message: 'This transaction id was used for a different request' },
  CASINO_TRANSACTION_ROLLED_BACK: { metaCode: 409, message: 'This transaction was rolled back before it arrived' },
  CASINO_ROUND_NOT_FOUND: { metaCode: 404, message: 'No debit in this round' },
  CASINO_ROUND_CLOSED: { metaCode: 409, message: 'This round is closed' },
  CASINO_ROUND_ALREADY_CREDITED: { metaCode: 409, message: 'This round was credited; it cannot be rolled back' },
  /** The SMS gateway did not take a message (an outage, or a text its DLT templates do not allow: decision 0060). */
  SMS_NOT_SENT: { metaCode: 503, message: 'We could not send the SMS just now, please try again in a moment' },
  /** A player's Multi Markets page holds at most MAX_PINNED_MARKETS markets (issue 31). */
  PINS_FULL: { metaCode: 422, message: 'You can pin up to 20 markets: unpin one first' },
  // Transport-level codes: these travel with a real HTTP status, never inside a 200.
  UNAUTHENTICATED: { metaCode: 401, message: 'Please log in again' },
  SESSION_ENDED: { metaCode: 401, message: 'Your session has ended, please log in again' },
  PAYLOAD_TOO_LARGE: { metaCode: 413, message: 'The request is too large' },
  UNSUPPORTED_MEDIA_TYPE: { metaCode: 415, message: 'Send the request as JSON' },
  RATE_LIMITED: { metaCode: 429, message: 'Too many requests, please slow down' },
  ROUTE_NOT_FOUND: { metaCode: 404, message: 'No such endpoint' },
  INTERNAL: { metaCode: 500, message: 'Something went wrong, please try again' },
  /** This process is stopping (a restart or a deploy): the same request to the load balancer reaches another. */
  SERVICE_RESTARTING: { metaCode: 503, message: 'The server is restarting, please try again in a moment' },
} as const satisfies Record<string, { metaCode: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];
