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
  MARKET_SUSPENDED: { metaCode: 409, message: 'Market suspended' },
  MARKET_CLOSED: { metaCode: 409, message: 'Market closed' },
  ODDS_CHANGED: { metaCode: 409, message: 'Odds changed' },
  PRICE_NOT_ON_LADDER: { metaCode: 400, message: 'Odds must be on the price ladder' },
  BELOW_MIN_STAKE: { metaCode: 400, message: 'Stake is below the minimum' },
  ABOVE_MAX_STAKE: { metaCode: 400, message: 'Stake is above the maximum' },
  ABOVE_MAX_PROFIT: { metaCode: 400, message: 'This bet could win more than the market allows' },
  BET_NOT_CANCELLABLE: { metaCode: 409, message: 'This bet has nothing left to cancel' },
  LEDGER_LIMIT_REACHED: { metaCode: 422, message: 'This account has reached its configured limit' },
  // Transport-level codes: these travel with a real HTTP status, never inside a 200.
  UNAUTHENTICATED: { metaCode: 401, message: 'Please log in again' },
  SESSION_ENDED: { metaCode: 401, message: 'Your session has ended, please log in again' },
  PAYLOAD_TOO_LARGE: { metaCode: 413, message: 'The request is too large' },
  UNSUPPORTED_MEDIA_TYPE: { metaCode: 415, message: 'Send the request as JSON' },
  RATE_LIMITED: { metaCode: 429, message: 'Too many requests, please slow down' },
  ROUTE_NOT_FOUND: { metaCode: 404, message: 'No such endpoint' },
  INTERNAL: { metaCode: 500, message: 'Something went wrong, please try again' },
} as const satisfies Record<string, { metaCode: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];
