/**
 * The writer's snapshot cadence and book log (decision 0027, addendum 0038): a deep book is
 * snapshotted once per book's worth of commands, and a book log ends at its last command's sequence.
 */
import { describe, expect, it } from 'vitest';
import { applyCommand, createExchangeMarket, snapshotMarket } from '@khel/exchange';
import type { ExchangeCommand } from '@khel/exchange';
import { emptyLanePlayers } from './batch-writes.js';
import { logSeq, snapshotDue } from './market-state.js';
import type { Held } from './market-state.js';
import type { MarketRow } from '../sports-repository.js';

function heldWith(resting: number, snapshotSeq: number): Held {
  const book = createExchangeMarket({ marketId: 'm', runnerIds: ['A', 'B'] });
  for (let i = 1; i <= resting; i += 1) {
    applyCommand(book, {
      type: 'place',
      seq: i,
      timeMs: 0,
      offerId: `o${i}`,
      ownerId: `u${i % 7}`,
      runnerId: 'A',
      side: 'back',
      priceHundredths: 300,
      stakePaise: 100,
      persistence: 'lapse',
    });
  }
  return {
    market: {} as MarketRow,
    runners: [],
    book,
    snapshotSeq,
    players: emptyLanePlayers(),
    log: null,
    marks: null,
  };
}

describe('snapshotDue', () => {
  it('asks for the first snapshot at once', () => {
    expect(snapshotDue(heldWith(0, -1), 500)).toBe(true);
  });

  it('snapshots a shallow book every snapshotEvery commands', () => {
    expect(snapshotDue(heldWith(10, 0), 11)).toBe(false);
    expect(snapshotDue(heldWith(11, 0), 11)).toBe(true);
  });

  it('waits as many commands as a deep book has resting offers', () => {
    const held = heldWith(40, 0);
    expect(snapshotDue(held, 7)).toBe(true);
    held.snapshotSeq = 1;
    // 39 commands since the snapshot, 40 resting: not yet; one more command and it is due.
    expect(snapshotDue(held, 7)).toBe(false);
    // A refused cancel still moves the sequence and leaves the 40 offers resting.
    applyCommand(held.book as NonNullable<Held['book']>, {
      type: 'cancel',
      seq: 41,
      timeMs: 0,
      offerId: 'none',
      ownerId: 'u1',
    });
    expect(held.book?.liveOffers.size).toBe(40);
    expect(snapshotDue(held, 7)).toBe(true);
  });

  it('never snapshots a market without a book', () => {
    expect(snapshotDue({ ...heldWith(0, -1), book: null }, 1)).toBe(false);
  });
});

describe('logSeq', () => {
  it('ends at the snapshot without commands, else at the last command', () => {
    const snapshot = snapshotMarket(heldWith(3, 0).book as NonNullable<Held['book']>);
    expect(logSeq({ snapshot, commands: [] })).toBe(3);
    const commands: ExchangeCommand[] = [
      { type: 'suspend', seq: 4, timeMs: 0 },
      { type: 'resume', seq: 5, timeMs: 0 },
    ];
    expect(logSeq({ snapshot, commands })).toBe(5);
  });
});
