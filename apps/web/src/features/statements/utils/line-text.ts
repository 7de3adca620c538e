import type { StatementLine, StatementParts } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { chosenLocale, formatCalendarDate, formatIndiaDigits } from '../../../lib/dates';
import { t, type Locale } from '../../../lib/i18n/i18n';

/**
 * The wording of a statement line (account statement, transactions, results; issue 14, ADR 0030). English shows the server's description word for word. Hindi builds the sentence from the
 * line's kind and structured parts: names (sport, event, market, runner, provider, offer) and operators'
 * reasons stay as written. A kind it does not know, or a line without the parts it needs, shows the
 * server's text. (The casino history and the referral movements word their rows in their own
 * features the same way: each module stays inside its page's chunk.)
 */
type Line = Pick<StatementLine, 'kind' | 'description' | 'parts' | 'amount' | 'createdAt'>;
type Words = (parts: StatementParts, line: Line) => string | undefined;

const marketOf = ({ sport, event, market }: StatementParts) =>
  sport && event && market ? `${sport} / ${event} / ${market}` : undefined;

const settled: Words = (parts) => {
  const market = marketOf(parts);
  if (market === undefined) return undefined;
  if (parts.runs !== undefined) return t('{market} — {runs} runs', { market, runs: parts.runs });
  return parts.winner ? t('{market} — won by {winner}', { market, winner: parts.winner }) : undefined;
};

/** `Live Casino / <provider> / d/m/yyyy` (PRODUCT.md §4): the lobby's name translated, the date as digits. */
const casino: Words = ({ lobby, provider }, line) =>
  lobby === undefined || !provider
    ? undefined
    : `${lobby === 'slots' ? t('Slots') : t('Live Casino')} / ${provider} / ${formatIndiaDigits(line.createdAt)}`;

const amountOf = (line: Line) => formatRupees(Math.abs(line.amount));

const WORDS: Record<string, Words> = {
  bet_settlement: settled,
  bet_void: (parts, line) => {
    const text = settled(parts, line);
    if (text === undefined) return undefined;
    return parts.reason
      ? t('Void ({reason}): {line}', { reason: parts.reason, line: text })
      : t('Void: {line}', { line: text });
  },
  bet_resettlement: (parts, line) => {
    const text = settled(parts, line);
    return text === undefined ? undefined : t('Corrected: reversal of {line}', { line: text });
  },
  bet_cash_out: (parts) => {
    const market = marketOf(parts);
    return market === undefined ? undefined : t('{market} — Cash Out', { market });
  },
  casino_debit: casino,
  casino_credit: casino,
  casino_rollback: casino,
  deposit: (parts) => {
    const method = parts.method === 'upi' ? t('UPI') : parts.method === 'bank' ? t('Bank transfer') : undefined;
    if (method === undefined) return parts.ref ? t('Deposit, ref {ref}', { ref: parts.ref }) : t('Deposit');
    return parts.ref
      ? t('Deposit by {method}, ref {ref}', { method, ref: parts.ref })
      : t('Deposit by {method}', { method });
  },
  withdrawal_hold: (parts) =>
    parts.account ? t('Withdrawal to {account} (on hold)', { account: parts.account }) : t('Withdrawal (on hold)'),
  withdrawal_paid: (parts) =>
    parts.account ? t('Withdrawal paid to {account}', { account: parts.account }) : t('Withdrawal paid'),
  withdrawal_release: (parts) =>
    parts.reason
      ? t('Withdrawal rejected ({reason}), amount released', { reason: parts.reason })
      : t('Withdrawal rejected, amount released'),
  bonus_activate: (parts) => (parts.offer ? t('Bonus activated: {offer}', { offer: parts.offer }) : undefined),
  bonus_claim: (parts) => (parts.offer ? t('Bonus claimed: {offer}', { offer: parts.offer }) : undefined),
  bonus_forfeit: (parts) => (parts.offer ? t('Bonus forfeited: {offer}', { offer: parts.offer }) : undefined),
  bonus_expire: (parts) => (parts.offer ? t('Bonus expired: {offer}', { offer: parts.offer }) : undefined),
  referral_earning: (parts) =>
    parts.weekStart && parts.weekEnd
      ? t('Referral earnings {start} to {end}', {
          start: formatCalendarDate(parts.weekStart),
          end: formatCalendarDate(parts.weekEnd),
        })
      : undefined,
  referral_claim: () => t('Referral bonus claimed to the main wallet'),
  referral_first_deposit: () => t('Referral reward: a friend made their first deposit'),
  adjustment: (parts) => (parts.reason ? t('Adjustment: {reason}', { reason: parts.reason }) : t('Adjustment')),
  play_chips_grant: () => t('Welcome play chips'),
  agent_chips: (parts) =>
    parts.direction === undefined
      ? undefined
      : parts.direction === 'in'
        ? t('Chips given by upline')
        : t('Chips taken back by upline'),
  credit_ref: (parts, line) =>
    parts.direction === undefined
      ? undefined
      : parts.direction === 'in'
        ? t('Credit limit raised by {amount}', { amount: amountOf(line) })
        : t('Credit limit lowered by {amount}', { amount: amountOf(line) }),
  credit_settlement: (parts, line) =>
    parts.direction === undefined
      ? undefined
      : parts.direction === 'out'
        ? t('Settlement: {amount} paid to your agent', { amount: amountOf(line) })
        : t('Settlement: {amount} paid to you by your agent', { amount: amountOf(line) }),
};

/** A statement line's description in the chosen language. */
export function statementLineText(line: Line, locale: Locale = chosenLocale()): string {
  if (locale !== 'hi') return line.description;
  return WORDS[line.kind]?.(line.parts ?? {}, line) ?? line.description;
}
