import { MarketCache } from './market-cache.js';
import type { MarketBook } from './market-cache.js';
import type { MarketChangeMessage } from './protocol.js';

/** What one change message did to the cache. */
export interface Applied {
  /** Markets changed by this message, in message order (empty for a heartbeat). */
  marketIds: string[];
  /** The message cleared the cache first (ESA-6: a new image). */
  image: boolean;
  heartbeat: boolean;
}

/**
 * Every market of one subscription (ESA-6, ESA-7, ESA-8, ESA-10). Feed it each `mcm` in the order
 * received; it keeps the clocks a resubscription needs.
 */
export class StreamCache {
  private readonly markets = new Map<string, MarketCache>();
  /** Kept for resubscription; initialClk normally comes with the image, clk with every whole message. */
  initialClk: string | null = null;
  clk: string | null = null;
  /** Publish time of the last message applied, heartbeats included. */
  publishTime: number | null = null;
  /** 503: Betfair says its data is late (not every change reached the stream). */
  status: number | null = null;
  conflateMs: number | null = null;
  heartbeatMs: number | null = null;
  messages = 0;
  conflatedChanges = 0;

  apply(message: MarketChangeMessage): Applied {
    this.messages += 1;
    this.publishTime = message.pt;
    this.status = message.status ?? null;
    if (message.conflateMs !== undefined) this.conflateMs = message.conflateMs;
    if (message.heartbeatMs !== undefined) this.heartbeatMs = message.heartbeatMs;
    if (message.initialClk) this.initialClk = message.initialClk;
    // A segmented message's parts carry no usable clock until its last part (ESA-7).
    if (message.clk && (message.segmentType === undefined || message.segmentType === 'SEG_END')) {
      this.clk = message.clk;
    }
    const image =
      message.ct === 'SUB_IMAGE' && (message.segmentType === undefined || message.segmentType === 'SEG_START');
    if (image) this.markets.clear();
    const heartbeat = message.ct === 'HEARTBEAT';
    const marketIds: string[] = [];
    for (const change of message.mc ?? []) {
      let market = this.markets.get(change.id);
      // img: replace, not patch (ESA-1). Historical files carry no img: the first sight creates it.
      if (change.img || !market) {
        market = new MarketCache(change.id, message.pt);
        this.markets.set(change.id, market);
      }
      market.apply(change, message.pt);
      if (change.con) this.conflatedChanges += 1;
      marketIds.push(change.id);
    }
    return { marketIds, image, heartbeat };
  }

  market(marketId: string): MarketCache | undefined {
    return this.markets.get(marketId);
  }

  book(marketId: string): MarketBook | undefined {
    return this.markets.get(marketId)?.book();
  }

  marketIds(): string[] {
    return [...this.markets.keys()];
  }
}
