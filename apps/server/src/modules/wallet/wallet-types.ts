/** The wallet's shapes, in their own file so its service, repository and helpers import them rather than each other. */
export type PlayerAccountKind = 'player_main' | 'player_bonus' | 'player_referral';
/** An agent's own accounts (migration 0014): a cash agent's chips, a credit agent's undistributed credit. */
export type AgentAccountKind = 'agent_chips' | 'agent_credit';
export type HouseAccountKind =
  | 'play_chips_issuer'
  | 'house_cash'
  | 'clearing_bank'
  | 'clearing_upi'
  | 'withdrawal_hold'
  | 'commission'
  | 'market_pool'
  | 'casino_house'
  | 'credit_issuer'
  | 'credit_settlement';

export interface PlayerBalances {
  mainBalancePaise: number;
  mainExposurePaise: number;
  bonusBalancePaise: number;
  bonusExposurePaise: number;
  referralBonusPaise: number;
}

export type PlayerWallet = 'main' | 'bonus' | 'referral';

/** An agent's own book: a cash agent's chips or a credit agent's undistributed credit (PRODUCT.md §9). */
export type AgentBook = 'chips' | 'credit';

/**
 * Which account an entry hits: a player's wallet, an agent's book, a house account (ref tells market
 * pools apart), or an account id the caller already holds (the casino wallet caches them).
 */
export type AccountRef =
  | { userId: string; wallet: PlayerWallet }
  | { agentId: string; book: AgentBook }
  | { house: HouseAccountKind; ref?: string }
  /** `owner`: whose wallet the id is, so the player hears about the change (balance push). */
  | { accountId: number; owner?: { userId: string; wallet: PlayerWallet } };

export interface Posting {
  kind: string;
  /** A natural unique key (e.g. `deposit-approve:<id>`): the same key never posts twice. */
  idempotencyKey?: string;
  description: string;
  actorId?: string | null;
  /** What statements and reports need to describe the line (deposit id, event, market, provider, …). */
  details?: Record<string, unknown>;
  entries: { account: AccountRef; amountPaise: number }[];
}

/** A balanced journal transaction as the repository writes it (accounts resolved to ids). */
export interface JournalPosting {
  kind: string;
  idempotencyKey: string | null;
  description: string;
  actorId: string | null;
  details: Record<string, unknown>;
  entries: { accountId: number; amountPaise: number }[];
  at: Date;
}
