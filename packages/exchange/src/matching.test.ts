import { describe, expect, it } from 'vitest';
import {
  REJECT_REASONS,
  applyCommand,
  createExchangeMarket,
  listRestingOffers,
  readDepth,
  readMarketDepth,
  readTraded,
  restoreMarket,
  snapshotMarket,
  type ExchangeCommand,
  type ExchangeEvent,
  type ExchangeMarket,
  type FilledEvent,
  type Persistence,
  type Side,
} from './index.js';

/** A command without its stream stamps (distributive, so each member of the union keeps its fields). */
type Unstamped<T> = T extends ExchangeCommand ? Omit<T, 'seq' | 'timeMs'> & { seq?: number } : never;

/** A market plus a sequence counter, so each table row reads as plain commands. */
function harness(runnerIds: string[] = ['A', 'B']) {
  const market = createExchangeMarket({ marketId: 'm1', runnerIds });
  let seq = 0;
  const run = (command: Unstamped<ExchangeCommand>): ExchangeEvent[] =>
    applyCommand(market, { timeMs: 1_700_000_000_000, ...command, seq: command.seq ?? ++seq } as ExchangeCommand);
  return { market, run };
}

function place(
  offerId: string,
  ownerId: string,
  side: Side,
  priceHundredths: number,
  stakePaise: number,
  extra: { runnerId?: string; persistence?: Persistence; expectedVersion?: number } = {},
) {
  return {
    type: 'place' as const,
    offerId,
    ownerId,
    side,
    priceHundredths,
    stakePaise,
    runnerId: extra.runnerId ?? 'A',
    persistence: extra.persistence ?? 'lapse',
    ...(extra.expectedVersion === undefined ? {} : { expectedVersion: extra.expectedVersion }),
  };
}

function fills(events: ExchangeEvent[]): Array<[string, string, number, number]> {
  return events
    .filter((e): e is FilledEvent => e.type === 'filled')
    .map((e) => [e.backOfferId, e.layOfferId, e.priceHundredths, e.stakePaise]);
}

function reasons(events: ExchangeEvent[]): string[] {
  return events.flatMap((e) => (e.type === 'rejected' ? [e.reason] : []));
}

describe('MAT-2 place validation, in precedence order', () => {
  it('MAT-2 reason codes are exported in precedence order', () => {
    expect(REJECT_REASONS.indexOf('MARKET_CLOSED')).toBeLessThan(REJECT_REASONS.indexOf('MARKET_SUSPENDED'));
    expect(REJECT_REASONS.indexOf('UNKNOWN_RUNNER')).toBeLessThan(REJECT_REASONS.indexOf('PRICE_NOT_ON_LADDER'));
    expect(REJECT_REASONS.indexOf('PRICE_NOT_ON_LADDER')).toBeLessThan(REJECT_REASONS.indexOf('INVALID_STAKE'));
  });

  it.each([
    ['off-ladder price', place('o1', 'p1', 'back', 201, 1000), 'PRICE_NOT_ON_LADDER'],
    ['zero stake', place('o1', 'p1', 'back', 200, 0), 'INVALID_STAKE'],
    ['fractional stake', place('o1', 'p1', 'back', 200, 10.5), 'INVALID_STAKE'],
    ['stake above the cap', place('o1', 'p1', 'back', 200, 10_000_000_001), 'INVALID_STAKE'],
    ['unknown runner', place('o1', 'p1', 'back', 200, 1000, { runnerId: 'Z' }), 'UNKNOWN_RUNNER'],
    ['unknown runner beats a bad price', place('o1', 'p1', 'back', 201, 0, { runnerId: 'Z' }), 'UNKNOWN_RUNNER'],
    ['a bad price beats a bad stake', place('o1', 'p1', 'back', 201, 0), 'PRICE_NOT_ON_LADDER'],
    ['wrong market version', place('o1', 'p1', 'back', 200, 1000, { expectedVersion: 3 }), 'MARKET_VERSION_CHANGED'],
  ])('MAT-2 refuses %s', (_name, command, reason) => {
    const { run } = harness();
    expect(reasons(run(command))).toEqual([reason]);
  });

  it('MAT-2 a suspended market refuses before anything else is looked at', () => {
    const { run } = harness();
    run({ type: 'suspend' });
    expect(reasons(run(place('o1', 'p1', 'back', 201, 0, { runnerId: 'Z' })))).toEqual(['MARKET_SUSPENDED']);
  });

  it('MAT-14 an id that is resting cannot be placed again', () => {
    const { run } = harness();
    run(place('o1', 'p1', 'back', 200, 1000));
    expect(reasons(run(place('o1', 'p2', 'lay', 300, 1000)))).toEqual(['DUPLICATE_OFFER_ID']);
    expect(reasons(run(place('o1', 'p1', 'back', 200, 1000, { runnerId: 'B' })))).toEqual(['DUPLICATE_OFFER_ID']);
  });

  it('MAT-1 a command whose sequence number is not above the last one is refused and changes nothing', () => {
    const { market, run } = harness();
    run(place('o1', 'p1', 'back', 200, 1000, {}));
    const before = snapshotMarket(market);
    expect(reasons(run({ ...place('o2', 'p1', 'back', 200, 1000), seq: 1 }))).toEqual(['STALE_SEQUENCE']);
    expect(snapshotMarket(market)).toEqual(before);
  });
});

describe('MAT-3/MAT-4 price-time priority, fills at the resting price', () => {
  it.each<{
    name: string;
    resting: ReturnType<typeof place>[];
    incoming: ReturnType<typeof place>;
    expected: Array<[string, string, number, number]>;
  }>([
    {
      name: 'a back at 2.0 takes a lay at 2.0',
      resting: [place('L1', 'p2', 'lay', 200, 1000)],
      incoming: place('B1', 'p1', 'back', 200, 1000),
      expected: [['B1', 'L1', 200, 1000]],
    },
    {
      name: 'a back at 2.0 takes a lay at 2.5, at 2.5 (the resting price)',
      resting: [place('L1', 'p2', 'lay', 250, 1000)],
      incoming: place('B1', 'p1', 'back', 200, 1000),
      expected: [['B1', 'L1', 250, 1000]],
    },
    {
      name: 'a back at 2.0 does not take a lay at 1.99',
      resting: [place('L1', 'p2', 'lay', 199, 1000)],
      incoming: place('B1', 'p1', 'back', 200, 1000),
      expected: [],
    },
    {
      name: 'a back takes the highest lay first, then the next',
      resting: [
        place('L1', 'p2', 'lay', 200, 500),
        place('L2', 'p3', 'lay', 300, 500),
        place('L3', 'p4', 'lay', 250, 500),
      ],
      incoming: place('B1', 'p1', 'back', 200, 1200),
      expected: [
        ['B1', 'L2', 300, 500],
        ['B1', 'L3', 250, 500],
        ['B1', 'L1', 200, 200],
      ],
    },
    {
      name: 'within a price, the oldest lay first',
      resting: [place('L1', 'p2', 'lay', 200, 500), place('L2', 'p3', 'lay', 200, 500)],
      incoming: place('B1', 'p1', 'back', 200, 700),
      expected: [
        ['B1', 'L1', 200, 500],
        ['B1', 'L2', 200, 200],
      ],
    },
    {
      name: 'a lay at 3.0 takes backs at 3.0 or lower, lowest first',
      resting: [
        place('B1', 'p2', 'back', 300, 500),
        place('B2', 'p3', 'back', 250, 500),
        place('B3', 'p4', 'back', 310, 500),
      ],
      incoming: place('L1', 'p1', 'lay', 300, 2000),
      expected: [
        ['B2', 'L1', 250, 500],
        ['B1', 'L1', 300, 500],
      ],
    },
    {
      name: 'offers on another runner never match',
      resting: [place('L1', 'p2', 'lay', 200, 1000, { runnerId: 'B' })],
      incoming: place('B1', 'p1', 'back', 200, 1000),
      expected: [],
    },
    {
      name: 'a back does not match a resting back',
      resting: [place('B0', 'p2', 'back', 200, 1000)],
      incoming: place('B1', 'p1', 'back', 200, 1000),
      expected: [],
    },
  ])('MAT-3 $name', ({ resting, incoming, expected }) => {
    const { run } = harness();
    for (const command of resting) run(command);
    expect(fills(run(incoming))).toEqual(expected);
  });

  it('MAT-4 the fill reports both owners, the taker side and both remainders', () => {
    const { run } = harness();
    run(place('L1', 'p2', 'lay', 250, 1000));
    const events = run(place('B1', 'p1', 'back', 200, 400));
    expect(events.map((e) => e.type)).toEqual(['accepted', 'filled']);
    expect(events[1]).toMatchObject({
      backOwnerId: 'p1',
      layOwnerId: 'p2',
      takerSide: 'back',
      backRemainingPaise: 0,
      layRemainingPaise: 600,
    });
  });
});

describe('MAT-5 partial fills', () => {
  it('MAT-5 the unmatched rest of an incoming offer rests at its own price', () => {
    const { market, run } = harness();
    run(place('L1', 'p2', 'lay', 250, 300));
    run(place('B1', 'p1', 'back', 200, 1000));
    expect(listRestingOffers(market)).toMatchObject([
      { offerId: 'B1', side: 'back', priceHundredths: 200, remainingPaise: 700, stakePaise: 1000 },
    ]);
    expect(readDepth(market, 'A')).toEqual({
      runnerId: 'A',
      availableToBackPaise: [],
      availableToLayPaise: [{ priceHundredths: 200, amountPaise: 700 }],
    });
  });

  it('MAT-5 a partly filled resting offer keeps its place at the head of the queue', () => {
    const { run } = harness();
    run(place('L1', 'p2', 'lay', 200, 1000));
    run(place('L2', 'p3', 'lay', 200, 1000));
    run(place('B1', 'p1', 'back', 200, 400));
    expect(fills(run(place('B2', 'p4', 'back', 200, 800)))).toEqual([
      ['B2', 'L1', 200, 600],
      ['B2', 'L2', 200, 200],
    ]);
  });
});

describe('MAT-6 no self-matching', () => {
  it('MAT-6 an incoming offer steps over its owner’s resting offers and takes the next', () => {
    const { market, run } = harness();
    run(place('L1', 'p1', 'lay', 300, 1000));
    run(place('L2', 'p2', 'lay', 300, 1000));
    run(place('L3', 'p1', 'lay', 250, 1000));
    run(place('L4', 'p3', 'lay', 200, 1000));
    expect(fills(run(place('B1', 'p1', 'back', 200, 1500)))).toEqual([
      ['B1', 'L2', 300, 1000],
      ['B1', 'L4', 200, 500],
    ]);
    // The owner's own offers are untouched and keep their queue places.
    expect(listRestingOffers(market, 'p1').map((o) => [o.offerId, o.remainingPaise])).toEqual([
      ['L3', 1000],
      ['L1', 1000],
    ]);
  });

  it('MAT-6 with only own offers to take, the incoming offer rests, even across them', () => {
    const { market, run } = harness();
    run(place('L1', 'p1', 'lay', 300, 1000));
    expect(fills(run(place('B1', 'p1', 'back', 200, 1000)))).toEqual([]);
    expect(readDepth(market, 'A')).toEqual({
      runnerId: 'A',
      availableToBackPaise: [{ priceHundredths: 300, amountPaise: 1000 }],
      availableToLayPaise: [{ priceHundredths: 200, amountPaise: 1000 }],
    });
    // Another player can still take either side.
    expect(fills(run(place('B2', 'p2', 'back', 300, 1000)))).toEqual([['B2', 'L1', 300, 1000]]);
  });
});

describe('MAT-7 cancel', () => {
  it.each([
    ['the whole remainder', undefined, 1000, 0],
    ['part of it', 300, 300, 700],
    ['more than the remainder (cancels all of it)', 5000, 1000, 0],
  ])('MAT-7 cancels %s', (_name, reducePaise, cancelledPaise, remainingPaise) => {
    const { market, run } = harness();
    run(place('B1', 'p1', 'back', 200, 1000));
    const events = run({
      type: 'cancel',
      offerId: 'B1',
      ownerId: 'p1',
      ...(reducePaise === undefined ? {} : { reducePaise }),
    });
    expect(events).toMatchObject([{ type: 'cancelled', offerId: 'B1', cancelledPaise, remainingPaise }]);
    expect(readDepth(market, 'A')?.availableToLayPaise).toEqual(
      remainingPaise === 0 ? [] : [{ priceHundredths: 200, amountPaise: remainingPaise }],
    );
  });

  it.each([
    ['by someone else', { offerId: 'B1', ownerId: 'p2' }, 'NOT_OFFER_OWNER'],
    ['of an unknown offer', { offerId: 'nope', ownerId: 'p1' }, 'OFFER_NOT_OPEN'],
    ['of a fully matched offer', { offerId: 'L1', ownerId: 'p3' }, 'OFFER_NOT_OPEN'],
    ['with a zero reduction', { offerId: 'B1', ownerId: 'p1', reducePaise: 0 }, 'INVALID_REDUCTION'],
    ['with a fractional reduction', { offerId: 'B1', ownerId: 'p1', reducePaise: 1.5 }, 'INVALID_REDUCTION'],
  ])('MAT-7 refuses a cancel %s', (_name, command, reason) => {
    const { run } = harness();
    run(place('B1', 'p1', 'back', 200, 1000));
    run(place('L1', 'p3', 'lay', 500, 100, { runnerId: 'B' }));
    run(place('B9', 'p4', 'back', 500, 100, { runnerId: 'B' }));
    expect(reasons(run({ type: 'cancel', ...command }))).toEqual([reason]);
  });

  it('MAT-7 a partial cancel keeps the offer’s place in the queue', () => {
    const { run } = harness();
    run(place('L1', 'p1', 'lay', 200, 1000));
    run(place('L2', 'p2', 'lay', 200, 1000));
    run({ type: 'cancel', offerId: 'L1', ownerId: 'p1', reducePaise: 600 });
    expect(fills(run(place('B1', 'p3', 'back', 200, 500)))).toEqual([
      ['B1', 'L1', 200, 400],
      ['B1', 'L2', 200, 100],
    ]);
  });
});

describe('MAT-15 replace', () => {
  it('MAT-15 moves the remainder to the back of the new price, the matched part staying with the old offer', () => {
    const { market, run } = harness();
    run(place('L1', 'p1', 'lay', 250, 1000));
    fills(run(place('B0', 'p9', 'back', 250, 400))); // L1 matched 400, 600 rests
    run(place('L2', 'p2', 'lay', 300, 500));
    const events = run({ type: 'replace', offerId: 'L1', ownerId: 'p1', newOfferId: 'L1b', priceHundredths: 300 });
    expect(events).toMatchObject([
      { type: 'cancelled', offerId: 'L1', cancelledPaise: 600, remainingPaise: 0 },
      { type: 'accepted', offerId: 'L1b', side: 'lay', priceHundredths: 300, stakePaise: 600, persistence: 'lapse' },
    ]);
    // L2 was at 3.00 first: a back there takes it before the moved offer.
    expect(fills(run(place('B1', 'p3', 'back', 300, 700)))).toEqual([
      ['B1', 'L2', 300, 500],
      ['B1', 'L1b', 300, 200],
    ]);
    expect(listRestingOffers(market).map((o) => [o.offerId, o.remainingPaise])).toEqual([['L1b', 400]]);
  });

  it('MAT-15 a new price that crosses matches at once, with a stake of its own', () => {
    const { run } = harness();
    run(place('B1', 'p1', 'back', 400, 1000));
    run(place('L1', 'p2', 'lay', 300, 2000));
    const events = run({
      type: 'replace',
      offerId: 'B1',
      ownerId: 'p1',
      newOfferId: 'B2',
      priceHundredths: 300,
      stakePaise: 500,
    });
    expect(fills(events)).toEqual([['B2', 'L1', 300, 500]]);
  });

  it.each([
    ['by someone else', { ownerId: 'p2' }, 'NOT_OFFER_OWNER'],
    ['of an offer no longer open', { offerId: 'nope' }, 'OFFER_NOT_OPEN'],
    ['to a resting id', { newOfferId: 'B9' }, 'DUPLICATE_OFFER_ID'],
    ['to a price off the ladder', { priceHundredths: 201 }, 'PRICE_NOT_ON_LADDER'],
    ['with a zero stake', { stakePaise: 0 }, 'INVALID_STAKE'],
  ])('MAT-15 refuses a replace %s and leaves the offer where it was', (_name, change, reason) => {
    const { market, run } = harness();
    run(place('B1', 'p1', 'back', 200, 1000));
    run(place('B9', 'p4', 'back', 200, 100));
    const before = snapshotMarket(market);
    const command = { offerId: 'B1', ownerId: 'p1', newOfferId: 'B2', priceHundredths: 220, ...change };
    expect(reasons(run({ type: 'replace', ...command }))).toEqual([reason]);
    expect({ ...snapshotMarket(market), lastSeq: before.lastSeq }).toEqual(before);
  });

  it('MAT-15 a suspended market refuses a replace', () => {
    const { run } = harness();
    run(place('B1', 'p1', 'back', 200, 1000, { persistence: 'keep' }));
    run({ type: 'suspend' });
    const refused = run({ type: 'replace', offerId: 'B1', ownerId: 'p1', newOfferId: 'B2', priceHundredths: 220 });
    expect(reasons(refused)).toEqual(['MARKET_SUSPENDED']);
  });

  it('MAT-13 a replace replays to the same book from a snapshot', () => {
    const { market, run } = harness();
    run(place('B1', 'p1', 'back', 200, 1000));
    const restored = restoreMarket(snapshotMarket(market));
    const command: ExchangeCommand = {
      type: 'replace',
      seq: 2,
      timeMs: 1,
      offerId: 'B1',
      ownerId: 'p1',
      newOfferId: 'B2',
      priceHundredths: 250,
    };
    expect(applyCommand(restored, command)).toEqual(applyCommand(market, command));
    expect(snapshotMarket(restored)).toEqual(snapshotMarket(market));
  });
});

describe('MAT-16 traded volume and last traded price', () => {
  it('MAT-16 follows every fill, at the maker’s price, and survives a snapshot', () => {
    const { market, run } = harness();
    expect(readTraded(market, 'A')).toEqual({ runnerId: 'A', tradedPaise: 0, lastPriceHundredths: null });
    run(place('L1', 'p1', 'lay', 250, 1000));
    run(place('L2', 'p2', 'lay', 240, 1000));
    // A back at 2.30 takes ₹10 at 2.50 then ₹5 at 2.40: last traded 2.40, volume ₹15.
    run(place('B1', 'p3', 'back', 230, 1500));
    run({ type: 'cancel', offerId: 'L2', ownerId: 'p2' });
    expect(readTraded(market, 'A')).toEqual({ runnerId: 'A', tradedPaise: 1500, lastPriceHundredths: 240 });
    expect(readTraded(market, 'B')).toEqual({ runnerId: 'B', tradedPaise: 0, lastPriceHundredths: null });
    const restored = restoreMarket(
      JSON.parse(JSON.stringify(snapshotMarket(market))) as ReturnType<typeof snapshotMarket>,
    );
    expect(readTraded(restored, 'A')).toEqual(readTraded(market, 'A'));
  });
});

describe('MAT-8..MAT-11 market status', () => {
  function seeded() {
    const h = harness();
    h.run(place('B1', 'p1', 'back', 200, 1000, { persistence: 'lapse' }));
    h.run(place('B2', 'p2', 'back', 210, 500, { persistence: 'keep' }));
    h.run(place('L1', 'p3', 'lay', 150, 700, { persistence: 'lapse', runnerId: 'B' }));
    return h;
  }

  it('MAT-8 suspending lapses the non-persistent offers, says why, and keeps the persistent ones', () => {
    const { market, run } = seeded();
    const events = run({ type: 'suspend' });
    expect(events).toMatchObject([
      { type: 'lapsed', offerId: 'B1', lapsedPaise: 1000, reason: 'MARKET_SUSPENDED' },
      { type: 'lapsed', offerId: 'L1', lapsedPaise: 700, reason: 'MARKET_SUSPENDED' },
      { type: 'marketStatus', status: 'suspended', inPlay: false, version: 1 },
    ]);
    expect(listRestingOffers(market).map((o) => o.offerId)).toEqual(['B2']);
  });

  it.each([
    ['place', place('X1', 'p9', 'lay', 200, 100)],
    ['cancel', { type: 'cancel' as const, offerId: 'B2', ownerId: 'p2' }],
    ['suspend', { type: 'suspend' as const }],
  ])('MAT-8 a suspended market refuses %s', (_name, command) => {
    const { run } = seeded();
    run({ type: 'suspend' });
    expect(reasons(run(command))).toEqual(['MARKET_SUSPENDED']);
  });

  it('MAT-8 resume reopens the market; resuming an open market is refused', () => {
    const { market, run } = seeded();
    expect(reasons(run({ type: 'resume' }))).toEqual(['MARKET_NOT_SUSPENDED']);
    run({ type: 'suspend' });
    expect(run({ type: 'resume' })).toMatchObject([{ type: 'marketStatus', status: 'open', version: 2 }]);
    expect(market.status).toBe('open');
  });

  it('MAT-9 turning in play lapses non-persistent offers with its own reason', () => {
    const { market, run } = seeded();
    const events = run({ type: 'turnInPlay' });
    expect(
      events.filter((e) => e.type === 'lapsed').map((e) => (e.type === 'lapsed' ? [e.offerId, e.reason] : [])),
    ).toEqual([
      ['B1', 'MARKET_TURNED_IN_PLAY'],
      ['L1', 'MARKET_TURNED_IN_PLAY'],
    ]);
    expect(market.inPlay).toBe(true);
    expect(reasons(run({ type: 'turnInPlay' }))).toEqual(['MARKET_ALREADY_IN_PLAY']);
  });

  it('MAT-10 closing lapses everything, persistent offers too, and refuses every later command', () => {
    const { market, run } = seeded();
    const events = run({ type: 'close' });
    expect(events.filter((e) => e.type === 'lapsed')).toHaveLength(3);
    expect(listRestingOffers(market)).toEqual([]);
    for (const command of [
      place('X1', 'p9', 'lay', 200, 100),
      { type: 'resume' as const },
      { type: 'close' as const },
    ]) {
      expect(reasons(run(command))).toEqual(['MARKET_CLOSED']);
    }
  });

  it('MAT-11 a delayed bet carrying the version it saw is refused if the market changed under it', () => {
    const { market, run } = seeded();
    const seen = market.version;
    run({ type: 'suspend' });
    run({ type: 'resume' });
    expect(reasons(run(place('X1', 'p9', 'lay', 200, 100, { expectedVersion: seen })))).toEqual([
      'MARKET_VERSION_CHANGED',
    ]);
    expect(run(place('X2', 'p9', 'lay', 200, 100, { expectedVersion: market.version }))[0]?.type).toBe('accepted');
  });
});

describe('MAT-12 depth', () => {
  it('MAT-12 publishes the best three prices per side with summed amounts', () => {
    const { market, run } = harness();
    for (const [id, price, stake] of [
      ['b1', 300, 100],
      ['b2', 310, 200],
      ['b3', 300, 50],
      ['b4', 320, 400],
      ['b5', 330, 800],
    ] as const) {
      run(place(id, `p-${id}`, 'back', price, stake));
    }
    for (const [id, price, stake] of [
      ['l1', 290, 100],
      ['l2', 280, 200],
      ['l3', 270, 300],
      ['l4', 260, 400],
    ] as const) {
      run(place(id, `p-${id}`, 'lay', price, stake));
    }
    expect(readDepth(market, 'A')).toEqual({
      runnerId: 'A',
      availableToBackPaise: [
        { priceHundredths: 290, amountPaise: 100 },
        { priceHundredths: 280, amountPaise: 200 },
        { priceHundredths: 270, amountPaise: 300 },
      ],
      availableToLayPaise: [
        { priceHundredths: 300, amountPaise: 150 },
        { priceHundredths: 310, amountPaise: 200 },
        { priceHundredths: 320, amountPaise: 400 },
      ],
    });
    expect(readDepth(market, 'nope')).toBeNull();
    expect(readMarketDepth(market, 1)).toEqual([
      {
        runnerId: 'A',
        availableToBackPaise: [{ priceHundredths: 290, amountPaise: 100 }],
        availableToLayPaise: [{ priceHundredths: 300, amountPaise: 150 }],
      },
      { runnerId: 'B', availableToBackPaise: [], availableToLayPaise: [] },
    ]);
  });
});

describe('MAT-13 snapshots', () => {
  it('MAT-13 a restored snapshot answers every later command exactly like the original', () => {
    const { market, run } = harness();
    run(place('L1', 'p1', 'lay', 300, 1000));
    run(place('L2', 'p2', 'lay', 300, 500));
    run(place('B1', 'p3', 'back', 400, 700, { persistence: 'keep' }));
    run({ type: 'cancel', offerId: 'L2', ownerId: 'p2', reducePaise: 100 });
    const snapshot = JSON.parse(JSON.stringify(snapshotMarket(market))) as ReturnType<typeof snapshotMarket>;
    const copy: ExchangeMarket = restoreMarket(snapshot);
    const later: ExchangeCommand[] = [
      { ...place('B2', 'p4', 'back', 250, 2000), seq: 10, timeMs: 5 },
      { ...place('L3', 'p5', 'lay', 500, 5000), seq: 11, timeMs: 6 },
      { type: 'suspend', seq: 12, timeMs: 7 },
    ];
    for (const command of later) expect(applyCommand(copy, command)).toEqual(applyCommand(market, command));
    expect(snapshotMarket(copy)).toEqual(snapshotMarket(market));
  });

  it.each([
    ['an off-ladder price', { priceHundredths: 201 }],
    ['an unknown runner', { runnerId: 'Z' }],
    ['an empty remainder', { remainingPaise: 0 }],
  ])('MAT-13 a corrupt snapshot (%s) is refused, not run', (_name, change) => {
    const { market, run } = harness();
    run(place('B1', 'p1', 'back', 200, 1000));
    const snapshot = snapshotMarket(market);
    const offer = snapshot.offers[0] as (typeof snapshot.offers)[number];
    expect(() => restoreMarket({ ...snapshot, offers: [{ ...offer, ...change }] })).toThrow(/corrupt/);
  });

  it('MAT-13 a market with the same runner twice is a caller bug', () => {
    expect(() => createExchangeMarket({ marketId: 'm', runnerIds: ['A', 'A'] })).toThrow(/duplicate runner/);
  });
});
