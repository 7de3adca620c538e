import { formatPaise } from '@khel/money';

/**
 * What moved a player's money, sent with the new balance on the player's socket (`balance` message).
 * kind is the journal transaction's kind (or one of the two announcements that post nothing for the
 * player: a rejected deposit, a paid withdrawal); amountPaise is the signed amount on the player's
 * wallet (the deposit or withdrawal amount for the announcements).
 */
export interface BalanceChange {
  kind: string;
  amountPaise: number;
  wallet: 'main' | 'bonus' | 'referral';
}

/**
 * Kinds the player just did themselves in the app (whose screen already says so), or that come every
 * few seconds (casino rounds: the game shows its balance): the header moves, no toast.
 */
const QUIET_KINDS: ReadonlySet<string> = new Set([
  'casino_debit',
  'casino_credit',
  'withdrawal_hold',
  'bonus_activate',
  'bonus_claim',
  'bonus_forfeit',
  'referral_claim',
]);

/** The toast for a balance change ("Deposit of ₹1,000.00 approved"); null when it deserves none. */
export function balanceChangeText(change: BalanceChange): string | null {
  if (QUIET_KINDS.has(change.kind)) return null;
  const amount = formatPaise(Math.abs(change.amountPaise));
  const up = change.amountPaise >= 0;
  switch (change.kind) {
    case 'deposit':
      return `Deposit of ${amount} approved`;
    case 'deposit_rejected':
      return `Deposit of ${amount} rejected`;
    case 'withdrawal_paid':
      return `Withdrawal of ${amount} paid`;
    case 'withdrawal_release':
      return `Withdrawal of ${amount} rejected, the amount is back in your balance`;
    case 'adjustment':
      return up ? `Balance adjusted: ${amount} credited` : `Balance adjusted: ${amount} debited`;
    case 'casino_rollback':
      return `Casino round cancelled: ${amount} ${up ? 'returned' : 'taken back'}`;
    case 'bet_settlement':
      return up ? `Bet settled: you won ${amount}` : `Bet settled: you lost ${amount}`;
    case 'bet_void':
      return `Settlement voided: ${amount} ${up ? 'returned' : 'taken back'}`;
    case 'bet_resettlement':
      return `Settlement corrected: ${amount} ${up ? 'credited' : 'debited'}`;
    case 'bonus_activate':
      return `Bonus of ${amount} added to your bonus wallet`;
    case 'bonus_claim':
      return `Bonus of ${amount} released to your main wallet`;
    case 'bonus_forfeit':
      return `Bonus of ${amount} forfeited`;
    case 'bonus_expire':
      return `Bonus of ${amount} expired`;
    case 'referral_claim':
      return `Referral bonus of ${amount} moved to your main wallet`;
    case 'referral_first_deposit':
    case 'referral_earning':
      return `Referral credit of ${amount} received`;
    case 'play_chips_grant':
      return `${amount} play chips added`;
    default:
      return up ? `${amount} credited to your balance` : `${amount} debited from your balance`;
  }
}
