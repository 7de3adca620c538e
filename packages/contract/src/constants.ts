/** The specification's business constants (§9) and role ids (§6), written once. */

export const ROLES = {
  DIRECTOR: 1,
  SUPPORT_ADMIN: 2,
  AGENT: 3,
  PLAYER: 4,
  CREDIT_AGENT: 5,
  CREDIT_PLAYER: 6,
} as const;
export type RoleId = (typeof ROLES)[keyof typeof ROLES];
export const ROLE_IDS = Object.values(ROLES) as RoleId[];
export const ROLE_NAMES: Record<RoleId, string> = {
  1: 'Director',
  2: 'Support admin',
  3: 'Agent',
  4: 'Player',
  5: 'Credit agent',
  6: 'Credit player',
};
/** The site's own operators: every back-office power over the whole site (each route still declares its roles). */
export const OPERATOR_ROLES: readonly RoleId[] = [ROLES.DIRECTOR, ROLES.SUPPORT_ADMIN];
/** Agents (PRODUCT.md §9): they sign in to the back office too, scoped to their own downline. */
export const AGENT_ROLES: readonly RoleId[] = [ROLES.AGENT, ROLES.CREDIT_AGENT];
/** Roles that may sign in to the back office: operators and agents (decision 0018). */
export const BACKOFFICE_ROLES: readonly RoleId[] = [...OPERATOR_ROLES, ...AGENT_ROLES];
/** At most this many agent levels below the DIRECTOR (PRODUCT.md §9). */
export const MAX_AGENT_LEVELS = 5;
/** Which roles each role may create in its downline (PRODUCT.md §9). */
export const CREATABLE_ROLES: Readonly<Record<RoleId, readonly RoleId[]>> = {
  1: [ROLES.SUPPORT_ADMIN, ROLES.AGENT, ROLES.CREDIT_AGENT],
  2: [],
  3: [ROLES.PLAYER, ROLES.AGENT],
  4: [],
  5: [ROLES.CREDIT_PLAYER, ROLES.CREDIT_AGENT],
  6: [],
};
/** Roles that work the deposit and withdrawal desk: a cash agent sees and decides only its own players' (PRODUCT.md §9). */
export const MONEY_DESK_ROLES: readonly RoleId[] = [ROLES.DIRECTOR, ROLES.SUPPORT_ADMIN, ROLES.AGENT];

/** wallet '1' = main balance, '2' = bonus (spec §3). */
export const WALLETS = { MAIN: '1', BONUS: '2' } as const;
export type WalletId = (typeof WALLETS)[keyof typeof WALLETS];

export const MIN_DEPOSIT_RUPEES = 200;
export const MIN_WITHDRAWAL_RUPEES = 100;
export const DEPOSIT_LIMIT_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type DepositLimitPeriod = (typeof DEPOSIT_LIMIT_PERIODS)[number];
export const QUICK_DEPOSIT_AMOUNTS = [500, 1000, 5000, 10000] as const;
export const OTP_LENGTH = 4;
export const OTP_RESEND_COUNTDOWN_SECONDS = 10;
export const DESKTOP_TOAST_AUTO_CLOSE_MS = 3000;
export const SHARED_TOAST_DELAY_MS = 100;
export const SHARED_TOAST_VISIBLE_MS = 4500;
export const BANNER_AUTOPLAY_MS = 2500;
export const BANK_ACCOUNT_TYPES = ['savings', 'current'] as const;
export const DEFAULT_CHIP_VALUES = [100, 1000, 2000, 5000, 10000, 20000, 50000, 100000] as const;
export const MARKET_TYPES = ['BOOKMAKER', 'EXCHANGE', 'FANCY'] as const;

/** Only India and the US are offered (spec §2, PRODUCT.md §3). */
export const PHONE_COUNTRIES = [
  { iso: 'in', name: 'India', dialCode: '91', nationalPattern: /^[6-9]\d{9}$/ },
  { iso: 'us', name: 'United States', dialCode: '1', nationalPattern: /^[2-9]\d{2}[2-9]\d{6}$/ },
] as const;
export type PhoneCountryIso = (typeof PHONE_COUNTRIES)[number]['iso'];

export const MONEY_MODES = ['play', 'real'] as const;
export type MoneyMode = (typeof MONEY_MODES)[number];

/** Routes a visitor may see without a token (spec §4). */
export const PUBLIC_ROUTES = ['/login', '/register', '/forgot-password'] as const;
