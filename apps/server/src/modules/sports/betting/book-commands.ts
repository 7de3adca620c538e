import { listRestingOffers } from '@khel/exchange';
import type { ExchangeEvent } from '@khel/exchange';
import type { Clock } from '../../../lib/clock.js';
import type { WalletService } from '../../wallet/wallet-service.js';
import type { ChangeSet } from '../positions/index.js';
import type { EngineEvents } from './engine-events.js';
import { HOUSE_OWNER } from './engine-events.js';
import { refreshExposures } from '../positions/index.js';
import type { MarketContext } from '../writer/index.js';
import type { HouseQuoteJson } from '../sports-repository.js';
import { createSportsRepository } from '../sports-repository.js';

/** Commands on a whole exchange book, run inside a market's turn: the house's quote and status changes. */
export function createBookCommands(deps: { wallet: WalletService; clock: Clock; engine: EngineEvents }) {
  const { wallet, clock, engine } = deps;
  return {
    /**
     * Replaces the house's resting offers on an exchange market with a new quote, by difference
     * (decision 0042, addendum "lag"): a resting house offer at a quoted runner, side and price whose
     * unmatched part is the quoted size stays as it is (its time priority kept), every other house
     * offer is cancelled and the rest of the quote placed; a quote equal to what rests writes no
     * engine event. New house offers that cross resting player offers match them: real fills, recorded
     * like any other. quoteId: the quote's own id, remembered on the market row in the same
     * transaction; the same quote again (a re-run after its owner died before answering, decision
     * 0034) changes nothing, so what was taken of the house's offers meanwhile is not put back.
     */
    async quoteHouse(
      context: MarketContext,
      offers: { runnerId: string; side: 'back' | 'lay'; priceHundredths: number; sizePaise: number }[],
      changes: ChangeSet,
      quoteId?: string,
    ): Promise<void> {
      const book = context.book;
      if (book === null || context.market.status !== 'open') return;
      if (quoteId !== undefined && (context.market.quote as HouseQuoteJson | null)?.houseQuoteId === quoteId) return;
      const events: ExchangeEvent[] = [];
      const keyOf = (o: { runnerId: string; side: string; priceHundredths: number }, size: number) =>
        `${o.runnerId}|${o.side}|${o.priceHundredths}|${size}`;
      const wanted = new Map<string, number>(); // quoted offer → how many of it are still to place
      for (const offer of offers)
        if (offer.sizePaise > 0)
          wanted.set(keyOf(offer, offer.sizePaise), (wanted.get(keyOf(offer, offer.sizePaise)) ?? 0) + 1);
      for (const offer of listRestingOffers(book, HOUSE_OWNER)) {
        const key = keyOf(offer, offer.remainingPaise);
        const left = wanted.get(key) ?? 0;
        if (left > 0) {
          wanted.set(key, left - 1); // rests already as quoted: kept
          continue;
        }
        events.push(
          ...context.apply({
            type: 'cancel',
            seq: engine.nextSeq(context),
            timeMs: clock.now().getTime(),
            offerId: offer.offerId,
            ownerId: HOUSE_OWNER,
          }),
        );
      }
      for (const [index, offer] of offers.entries()) {
        const key = keyOf(offer, offer.sizePaise);
        const left = wanted.get(key) ?? 0;
        if (offer.sizePaise <= 0 || left === 0) continue;
        wanted.set(key, left - 1);
        events.push(
          ...context.apply({
            type: 'place',
            seq: engine.nextSeq(context),
            timeMs: clock.now().getTime(),
            offerId: `${HOUSE_OWNER}:${book.lastSeq + 1}:${index}`,
            ownerId: HOUSE_OWNER,
            runnerId: offer.runnerId,
            side: offer.side,
            priceHundredths: offer.priceHundredths,
            stakePaise: offer.sizePaise,
            persistence: 'keep',
          }),
        );
      }
      if (quoteId !== undefined)
        await createSportsRepository(context.tx).updateMarket(context.market.id, {
          quote: { houseQuoteId: quoteId } satisfies HouseQuoteJson,
        });
      if (events.length === 0) return; // the book already shows this quote
      await engine.recordEngineEvents(context, events, changes);
      context.bookChanged = true;
      changes.marketIds.add(context.market.id);
      await refreshExposures(
        context.tx,
        wallet,
        context.market,
        context.runners,
        [...changes.userIds],
        changes.positions,
      );
    },

    /** Suspend, resume, turn in play or close an exchange book (unmatched offers lapse as the rules say). */
    async applyMarketCommand(
      context: MarketContext,
      type: 'suspend' | 'resume' | 'turnInPlay' | 'close',
      changes: ChangeSet,
    ): Promise<void> {
      if (context.book === null) return;
      const before = new Set(
        listRestingOffers(context.book)
          .filter((offer) => offer.ownerId !== HOUSE_OWNER)
          .map((offer) => offer.ownerId),
      );
      const events = context.apply({ type, seq: engine.nextSeq(context), timeMs: clock.now().getTime() });
      await engine.recordEngineEvents(context, events, changes);
      context.bookChanged = true;
      await refreshExposures(
        context.tx,
        wallet,
        context.market,
        context.runners,
        [...before, ...changes.userIds],
        changes.positions,
      );
    },
  };
}
