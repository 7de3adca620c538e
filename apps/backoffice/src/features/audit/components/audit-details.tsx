import type { ReactNode } from 'react';
import { ROLE_NAMES } from '@khel/contract';
import { formatPaise, formatRupees } from '@khel/money';
import type { RoleId } from '@khel/contract';
import { formatDateTime } from '../../../lib/format';

const FIELD_LABELS: Record<string, string> = {
  allowHome: 'Sports home',
  allowLiveCasino: 'Live casino',
  allowSlots: 'Slots',
  allowStatements: 'Statements',
  allowProfitLoss: 'Profit & loss',
  referralAllow: 'Referrals',
  suspended: 'Suspended',
  suspendedReason: 'Suspension reason',
  role: 'Role',
  site_name: 'Site name',
  siteName: 'Site name',
  color: 'Colour',
  logo_media_id: 'Logo',
  favicon_media_id: 'Favicon',
  logoImg: 'Logo',
  faviconImg: 'Favicon',
  order: 'Order',
  selfExcludedUntil: 'Self-excluded until',
  lastLoginAt: 'Last login',
  phoneVerified: 'Phone verified',
  amount: 'Amount',
  txnRef: 'Reference id',
  reason: 'Reason',
  wallet: 'Wallet',
  ids: 'Order',
  betDelaySeconds: 'Bet delay',
  minStake: 'Minimum stake',
  maxStake: 'Maximum stake',
  maxProfit: 'Maximum profit',
  inPlay: 'In play',
  marketType: 'Market type',
  startTime: 'Starts',
  streamUrl: 'Stream',
  noLine: 'NO line',
  noRate: 'NO rate',
  yesLine: 'YES line',
  yesRate: 'YES rate',
  backRate: 'Back rate',
  layRate: 'Lay rate',
  winnerId: 'Winner',
  runs: 'Runs',
  runners: 'Runners',
  launchUrlTemplate: 'Launch URL',
  secretRotated: 'Secret rotated',
  enabled: 'In lobby',
  providerCode: 'Provider',
  launchKind: 'Launch call',
  isSlot: 'Slot',
  identifier: 'Typed',
  audience: 'Signed in to',
  method: 'With',
  stage: 'During',
  recoveryCodes: 'Recovery codes issued',
  recoveryCodesLeft: 'Recovery codes left',
};

/** Readable words for the coded values sign-in entries carry. */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  reason: {
    wrong_password: 'wrong password',
    wrong_code: 'wrong authenticator code',
    reused_code: 'authenticator code used before',
    throttled: 'too many failed attempts',
    suspended: 'account suspended',
    not_an_operator: 'not an operator account',
  },
  audience: { backoffice: 'back office', player: 'player app' },
  method: { totp: 'authenticator code', recovery_code: 'recovery code' },
  stage: { enrolment: 'set-up', sign_in: 'sign-in' },
};

/** Money fields shown in rupees (amounts recorded in rupees; any `...Paise` field is converted). */
const RUPEE_FIELDS = new Set(['amount', 'minStake', 'maxStake', 'maxProfit']);

/** Ids of the request an entry is about: the target and the action already say which; never shown. */
const HIDDEN_FIELDS = new Set([
  'depositId',
  'withdrawalId',
  'adjustmentId',
  'marketId',
  'eventId',
  'sportId',
  'leagueId',
]);

const ACTION_LABELS: Record<string, string> = {
  'user.update': 'User changed',
  'user.bootstrap_director': 'Director account created',
  'branding.update': 'Branding changed',
  'banner.create': 'Banner added',
  'banner.update': 'Banner reordered',
  'banner.delete': 'Banner removed',
  'banner.reorder': 'Banners reordered',
  'deposit.first_approval': 'Deposit: first approval',
  'deposit.approve': 'Deposit approved',
  'deposit.reject': 'Deposit rejected',
  'withdrawal.first_approval': 'Withdrawal: first approval',
  'withdrawal.approve': 'Withdrawal paid',
  'withdrawal.reject': 'Withdrawal rejected',
  'adjustment.apply': 'Adjustment applied',
  'adjustment.request': 'Adjustment requested',
  'adjustment.approve': 'Adjustment approved',
  'adjustment.reject': 'Adjustment rejected',
  'receiving_account.create': 'Receiving account added',
  'receiving_account.activate': 'Receiving account activated',
  'receiving_account.deactivate': 'Receiving account deactivated',
  'deposit_limit.set': 'Deposit limit set',
  'user.self_exclude': 'Self-excluded',
  'sport.create': 'Sport added',
  'league.create': 'League added',
  'event.create': 'Event added',
  'event.update': 'Event changed',
  'market.create': 'Market added',
  'market.update': 'Market changed',
  'market.rates': 'Bookmaker rates set',
  'market.fancy_line': 'Fancy line set',
  'market.settle': 'Result declared',
  'market.void': 'Market voided',
  'market.correct': 'Result corrected',
  'market.result_declare': 'Result declared, waiting for a second operator',
  'market.correct_request': 'Correction requested',
  'market.result_reject': 'Declared result rejected',
  'sports_desk.settings': 'Sports desk settings changed',
  'casino.provider.create': 'Casino provider added',
  'casino.provider.update': 'Casino provider changed',
  'casino.game.create': 'Casino game added',
  'casino.game.update': 'Casino game changed',
  'operator.sign_in': 'Signed in (password)',
  'operator.sign_in_second_factor': 'Signed in (second factor)',
  'operator.sign_in_failed': 'Sign-in refused',
  'operator.second_factor_enrolled': 'Two-step sign-in set up',
  'exposure.repair': 'Exposure corrected from matched bets',
  'exposure.repair_refused': 'Exposure correction refused',
};

/** 'deposit.approve' → 'Deposit approve' for actions added later that have no label here yet. */
export function actionLabel(action: string): string {
  const known = ACTION_LABELS[action];
  if (known !== undefined) return known;
  const text = action.replace(/[._]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known !== undefined) return known;
  // housePaise → House: the value is shown in rupees.
  const words = field
    .replace(/Paise$/, '')
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function formatValue(field: string, value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return <span className="muted">none</span>;
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (field === 'ids' && Array.isArray(value)) return `${value.length} banners in a new order`;
  if (RUPEE_FIELDS.has(field) && typeof value === 'number') return formatRupees(value);
  if (field.endsWith('Paise') && typeof value === 'number' && Number.isSafeInteger(value)) return formatPaise(value);
  if (typeof value === 'string' && VALUE_LABELS[field]?.[value] !== undefined) return VALUE_LABELS[field][value];
  if (field === 'betDelaySeconds' && typeof value === 'number') return `${value} s`;
  if (field === 'runners' && Array.isArray(value) && value.every((item) => typeof item === 'string'))
    return value.join(', ');
  if (field === 'wallet' && typeof value === 'string') return `${value} wallet`;
  if (field === 'role' && typeof value === 'number') return ROLE_NAMES[value as RoleId] ?? `Role ${value}`;
  if (field === 'color' && typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value)) {
    return (
      <span className="color-value">
        <span className="color-chip" style={{ background: value }} aria-hidden="true" />
        {value}
      </span>
    );
  }
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value);
  if (field.endsWith('media_id') && typeof value === 'string') return 'new image';
  if (typeof value === 'object') return <code>{JSON.stringify(value)}</code>;
  return String(value);
}

function isChange(value: unknown): value is { from: unknown; to: unknown } {
  return typeof value === 'object' && value !== null && 'from' in value && 'to' in value;
}

/**
 * An entry's details as lines a person reads: a `{ from, to }` pair becomes "Slots: on → off", any
 * other value is shown as it is. Unknown shapes from later modules still render, just less prettily.
 */
export function AuditDetails({ details }: { details: Record<string, unknown> }) {
  const entries = Object.entries(details).filter(([field]) => !HIDDEN_FIELDS.has(field));
  if (entries.length === 0) return <span className="muted">No details</span>;
  return (
    <ul className="audit-details">
      {entries.map(([field, value]) => (
        <li key={field}>
          <span className="audit-field">{fieldLabel(field)}:</span>{' '}
          {isChange(value) ? (
            field.endsWith('media_id') ? (
              value.from === null ? (
                'added'
              ) : (
                'replaced'
              )
            ) : (
              <>
                <span className="audit-from">{formatValue(field, value.from)}</span>{' '}
                <span aria-label="changed to">→</span> <span className="audit-to">{formatValue(field, value.to)}</span>
              </>
            )
          ) : (
            formatValue(field, value)
          )}
        </li>
      ))}
    </ul>
  );
}
