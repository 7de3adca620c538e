import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHIP_VALUES } from '@khel/contract';
import { groupedNumber, parseStake, slipPreview } from './slip-math';

describe('bet slip preview (spec §9 profit formulas, @khel/money)', () => {
  it('exchange back: (odds − 1) × stake to win, the stake to lose', () => {
    expect(slipPreview({ marketType: 'EXCHANGE', side: 'back', odds: 1.57, oddsSize: null, stake: 1000 })).toEqual({
      winPaise: 57_000,
      lossPaise: 100_000,
    });
    // Rounded down to the paisa for a win.
    expect(slipPreview({ marketType: 'EXCHANGE', side: 'back', odds: 2.02, oddsSize: null, stake: 0.5 })).toEqual({
      winPaise: 51,
      lossPaise: 50,
    });
  });

  it('exchange lay: the stake to win, (odds − 1) × stake liability rounded up', () => {
    expect(slipPreview({ marketType: 'EXCHANGE', side: 'lay', odds: 3.5, oddsSize: null, stake: 200 })).toEqual({
      winPaise: 20_000,
      lossPaise: 50_000,
    });
    expect(slipPreview({ marketType: 'EXCHANGE', side: 'lay', odds: 2.02, oddsSize: null, stake: 0.5 })).toEqual({
      winPaise: 50,
      lossPaise: 51,
    });
  });

  it('bookmaker: percent style, rate 45 wins 45 per 100 on a back and risks 45 per 100 on a lay', () => {
    expect(slipPreview({ marketType: 'BOOKMAKER', side: 'back', odds: 45, oddsSize: null, stake: 1000 })).toEqual({
      winPaise: 45_000,
      lossPaise: 100_000,
    });
    expect(slipPreview({ marketType: 'BOOKMAKER', side: 'lay', odds: 48, oddsSize: null, stake: 1000 })).toEqual({
      winPaise: 100_000,
      lossPaise: 48_000,
    });
  });

  it('fancy YES wins rate/100 × stake, NO risks rate/100 × stake; the line does not enter the money', () => {
    expect(slipPreview({ marketType: 'FANCY', side: 'back', odds: 63, oddsSize: 90, stake: 500 })).toEqual({
      winPaise: 45_000,
      lossPaise: 50_000,
    });
    expect(slipPreview({ marketType: 'FANCY', side: 'lay', odds: 61, oddsSize: 110, stake: 500 })).toEqual({
      winPaise: 50_000,
      lossPaise: 55_000,
    });
    expect(slipPreview({ marketType: 'FANCY', side: 'back', odds: 63, oddsSize: 100, stake: 100 })).toEqual({
      winPaise: 10_000,
      lossPaise: 10_000,
    });
  });

  it('has no preview without a usable stake or price', () => {
    expect(slipPreview({ marketType: 'EXCHANGE', side: 'back', odds: 1.5, oddsSize: null, stake: 0 })).toBeNull();
    expect(slipPreview({ marketType: 'EXCHANGE', side: 'back', odds: 1, oddsSize: null, stake: 100 })).toBeNull();
    expect(slipPreview({ marketType: 'EXCHANGE', side: 'back', odds: 1.5, oddsSize: null, stake: 1.005 })).toBeNull();
  });

  it('parses stakes with at most two decimals', () => {
    expect(parseStake('1,000')).toBe(1000);
    expect(parseStake(' 250.5 ')).toBe(250.5);
    expect(parseStake('10.123')).toBeNull();
    expect(parseStake('abc')).toBeNull();
    expect(parseStake('0')).toBeNull();
  });

  it('labels the default chips of spec §9 with Indian grouping', () => {
    expect(DEFAULT_CHIP_VALUES.map(groupedNumber)).toEqual([
      '100',
      '1,000',
      '2,000',
      '5,000',
      '10,000',
      '20,000',
      '50,000',
      '1,00,000',
    ]);
    // As en-IN's Intl writes them, without loading ICU data: limits, odd amounts, decimals, negatives.
    const intl = new Intl.NumberFormat('en-IN');
    for (const value of [0, 5, 999, 1000, 12_345, 123_456, 1_234_567, 25_00_00_000, 100.5, 2500.25, -75_000])
      expect(groupedNumber(value)).toBe(intl.format(value));
    const constructed = vi.spyOn(Intl, 'NumberFormat');
    groupedNumber(1_00_000);
    expect(constructed).not.toHaveBeenCalled();
    constructed.mockRestore();
  });
});
