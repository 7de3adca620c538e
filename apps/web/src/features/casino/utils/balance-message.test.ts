import { describe, expect, it } from 'vitest';
import { makeProfile } from '../../../testing/fixtures';
import { readBalanceMessage, withAvailableBalance } from './balance-message';

const ORIGIN = 'https://khel.example';

describe('casino balance messages', () => {
  it('reads the balance the house game pages post from our own origin', () => {
    expect(readBalanceMessage({ origin: ORIGIN, data: { type: 'khel:casino-balance', balance: 9890.5 } }, ORIGIN)).toBe(
      9890.5,
    );
    expect(readBalanceMessage({ origin: ORIGIN, data: { type: 'khel:casino-balance', balance: 0 } }, ORIGIN)).toBe(0);
  });

  it('ignores other origins, other messages and impossible amounts', () => {
    const good = { type: 'khel:casino-balance', balance: 100 };
    expect(readBalanceMessage({ origin: 'https://evil.example', data: good }, ORIGIN)).toBeNull();
    expect(readBalanceMessage({ origin: 'null', data: good }, ORIGIN)).toBeNull();
    expect(readBalanceMessage({ origin: `${ORIGIN}.evil.example`, data: good }, ORIGIN)).toBeNull();
    for (const data of [
      null,
      'khel:casino-balance',
      { type: 'other', balance: 1 },
      { type: 'khel:casino-balance', balance: '100' },
      { type: 'khel:casino-balance', balance: -1 },
      { type: 'khel:casino-balance', balance: 1.234 },
      { type: 'khel:casino-balance', balance: Number.NaN },
    ]) {
      expect(readBalanceMessage({ origin: ORIGIN, data }, ORIGIN)).toBeNull();
    }
  });

  it('moves the selected wallet so balance + exposure is the reported figure', () => {
    const main = withAvailableBalance(makeProfile({ wallet: '1', balance: 1000, exposure: -250.5 }), 800.1);
    expect(main.balance).toBe(1050.6);
    expect(main.exposure).toBe(-250.5);
    const bonus = withAvailableBalance(
      makeProfile({ wallet: '2', balance: 1000, bonus: 500, bonusExposure: -100 }),
      300,
    );
    expect(bonus).toMatchObject({ balance: 1000, bonus: 400 });
  });
});
