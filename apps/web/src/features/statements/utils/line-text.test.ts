import { beforeEach, describe, expect, it } from 'vitest';
import type { StatementLine } from '@khel/contract';
import { setLocale } from '../../../lib/i18n/i18n';
import { statementLineText } from './line-text';

/** Issue 14: statement lines in Hindi from their kind and parts; English is the server's text, untouched. */
const line = (kind: string, description: string, parts?: StatementLine['parts'], amount = 100): StatementLine => ({
  _id: '1',
  kind,
  description,
  createdAt: '2026-11-21T20:00:00.000Z', // 22 Nov in India
  amount,
  credit: Math.max(amount, 0),
  debit: Math.max(-amount, 0),
  balance: 1000,
  ...(parts === undefined ? {} : { parts }),
});
const market = { sport: 'Cricket', event: 'Kings v Royals', market: 'Bookmaker' };

const LINES: [StatementLine, string][] = [
  [
    line('bet_settlement', 'Cricket / Kings v Royals / Bookmaker — Kings', { ...market, winner: 'Kings' }),
    'Cricket / Kings v Royals / Bookmaker — विजेता: Kings',
  ],
  [
    line('bet_settlement', 'Cricket / Kings v Royals / 10 over runs — 12 runs', {
      ...market,
      market: '10 over runs',
      runs: 12,
    }),
    'Cricket / Kings v Royals / 10 over runs — 12 रन',
  ],
  [
    line('bet_void', 'Void (Rain): Cricket / Kings v Royals / Bookmaker — Kings', {
      ...market,
      winner: 'Kings',
      reason: 'Rain',
    }),
    'शून्य (Rain): Cricket / Kings v Royals / Bookmaker — विजेता: Kings',
  ],
  [
    line('bet_resettlement', 'Corrected: reversal of Cricket / Kings v Royals / Bookmaker — Kings', {
      ...market,
      winner: 'Kings',
    }),
    'सुधार: Cricket / Kings v Royals / Bookmaker — विजेता: Kings को उलटा गया',
  ],
  [
    line('bet_cash_out', 'Cricket / Kings v Royals / Bookmaker — Cash Out', market),
    'Cricket / Kings v Royals / Bookmaker — कैश आउट',
  ],
  [
    line('casino_debit', 'Slots / Khel Originals / 22/11/2026', { provider: 'Khel Originals', lobby: 'slots' }, -10),
    'स्लॉट / Khel Originals / 22/11/2026',
  ],
  [
    line('casino_credit', 'Live Casino / Khel Originals / 22/11/2026', { provider: 'Khel Originals', lobby: 'live' }),
    'लाइव कैसीनो / Khel Originals / 22/11/2026',
  ],
  [line('deposit', 'Deposit by UPI, ref UTR 55', { method: 'upi', ref: 'UTR 55' }), 'यूपीआई से जमा, रेफ़रेंस UTR 55'],
  [line('deposit', 'Deposit by bank transfer', { method: 'bank' }), 'बैंक ट्रांसफ़र से जमा'],
  [
    line('withdrawal_hold', 'Withdrawal to HDFC Bank ····1012 (on hold)', { account: 'HDFC Bank ····1012' }, -2500),
    'HDFC Bank ····1012 में निकासी (राशि रोकी गई)',
  ],
  [
    line('withdrawal_release', 'Withdrawal rejected (Name mismatch), amount released', { reason: 'Name mismatch' }),
    'निकासी अस्वीकृत (Name mismatch), राशि लौटाई गई',
  ],
  [
    line('bonus_activate', 'Bonus activated: Welcome bonus 100%', { offer: 'Welcome bonus 100%' }),
    'बोनस चालू हुआ: Welcome bonus 100%',
  ],
  [
    line('referral_earning', 'Referral earnings 2026-11-15 to 2026-11-21', {
      weekStart: '2026-11-15',
      weekEnd: '2026-11-21',
    }),
    'रेफ़रल कमाई 15 नव॰ 2026 से 21 नव॰ 2026 तक',
  ],
  [line('play_chips_grant', 'Welcome play chips'), 'स्वागत के प्ले चिप्स'],
  [
    line('credit_settlement', 'Settlement: ₹1,500.00 paid to your agent', { direction: 'out' }, -1500),
    'सेटलमेंट: ₹1,500.00 आपके एजेंट को दिए गए',
  ],
  [line('adjustment', 'Adjustment: Goodwill', { reason: 'Goodwill' }), 'समायोजन: Goodwill'],
];

describe('statement line wording', () => {
  it('keeps the server text word for word in English', () => {
    for (const [each] of LINES) expect(statementLineText(each, 'en')).toBe(each.description);
  });

  describe('in Hindi', () => {
    // Each test chooses Hindi: the test setup gives every test English, as a fresh page load.
    beforeEach(async () => setLocale('hi', false));

    it.each(LINES.map(([each, hindi]) => [each.kind, each, hindi] as const))(
      'words %s from its kind and parts',
      (_kind, each, hindi) => {
        // Month names may be written with or without the abbreviation mark by the ICU in use.
        expect(statementLineText(each)).toBe(
          hindi.replaceAll(
            'नव॰',
            new Intl.DateTimeFormat('hi-IN', { month: 'short', timeZone: 'UTC' }).format(
              new Date('2026-11-01T00:00:00Z'),
            ),
          ),
        );
      },
    );

    it('falls back to the server text for an unknown kind or a line without the parts it needs', () => {
      expect(statementLineText(line('some_new_kind', 'Something new happened'))).toBe('Something new happened');
      expect(statementLineText(line('bet_settlement', 'Cricket / A v B / Match Odds — A'))).toBe(
        'Cricket / A v B / Match Odds — A',
      );
      expect(statementLineText(line('casino_debit', 'Aviator / 22/11/2026', { provider: 'Spribe' }))).toBe(
        'Aviator / 22/11/2026',
      );
    });
  });
});
