import type { EventStatus, Market, MarketStatus, MarketType, Runner } from '@khel/contract';

export const MARKET_TYPE_LABELS: Record<MarketType, string> = {
  EXCHANGE: 'Exchange',
  BOOKMAKER: 'Bookmaker',
  FANCY: 'Fancy',
};

const MARKET_STATUS: Record<MarketStatus, { label: string; tone: string }> = {
  open: { label: 'Open', tone: 'badge-ok' },
  suspended: { label: 'Suspended', tone: 'badge-warning' },
  closed: { label: 'Closed', tone: 'badge-muted' },
  settled: { label: 'Settled', tone: 'badge-info' },
  voided: { label: 'Voided', tone: 'badge-danger' },
};

const EVENT_STATUS: Record<EventStatus, { label: string; tone: string }> = {
  upcoming: { label: 'Upcoming', tone: 'badge-muted' },
  in_play: { label: 'Live', tone: 'badge-live' },
  finished: { label: 'Finished', tone: 'badge-info' },
  cancelled: { label: 'Cancelled', tone: 'badge-danger' },
};

export const EVENT_STATUS_LABELS: Record<EventStatus, string> = {
  upcoming: 'Upcoming',
  in_play: 'In play',
  finished: 'Finished',
  cancelled: 'Cancelled',
};

/** BALL_RUNNING → "Ball running". */
export function humanise(code: string): string {
  const text = code.replace(/[_.]+/g, ' ').trim().toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A market may still take bets or change state; settled and voided ones only show their history. */
export function isFinal(market: Pick<Market, 'status'>): boolean {
  return market.status === 'settled' || market.status === 'voided';
}

/** The status chip, "In play" beside it, and why it is suspended. */
export function MarketStatusChips({ market }: { market: Pick<Market, 'status' | 'inPlay' | 'suspendReason'> }) {
  const status = MARKET_STATUS[market.status];
  return (
    <span className="chips">
      <span className={`badge ${status.tone}`}>{status.label}</span>
      {market.inPlay && !isFinal(market) ? <span className="badge badge-live">In play</span> : null}
      {market.status === 'suspended' && market.suspendReason ? (
        <span className="muted small">{humanise(market.suspendReason)}</span>
      ) : null}
    </span>
  );
}

export function EventStatusChip({ status }: { status: EventStatus }) {
  const info = EVENT_STATUS[status];
  return <span className={`badge ${info.tone}`}>{info.label}</span>;
}

export function MarketTypeBadge({ type }: { type: MarketType }) {
  return <span className="badge badge-muted market-type">{MARKET_TYPE_LABELS[type]}</span>;
}

/** The declared result in words: the winning runner's name, or the runs for a fancy market. */
export function resultText(market: Pick<Market, 'marketType' | 'result' | 'runners'>): string | null {
  if (market.result === null || market.result === '') return null;
  if (market.marketType === 'FANCY') return `${market.result} runs`;
  const winner =
    market.runners.find((runner) => runner._id === market.result) ??
    market.runners.find((runner) => runner.winner === true);
  return winner?.name ?? market.result;
}

/** A bookmaker runner's quote as the player sees it: "45 / 47", a dash where a side is not offered. */
export function ratePair(runner: Pick<Runner, 'backRate' | 'layRate'>): string {
  return `${runner.backRate ?? '–'} / ${runner.layRate ?? '–'}`;
}

/** A short line of the market's current prices for lists. */
export function priceSummary(market: Market): string {
  if (market.marketType === 'FANCY') {
    const line = market.fancy;
    if (line === null || line.noLine === null || line.yesLine === null) return 'No line';
    return `NO ${line.noLine} @ ${line.noRate ?? '–'} · YES ${line.yesLine} @ ${line.yesRate ?? '–'}`;
  }
  if (market.marketType === 'BOOKMAKER')
    return market.runners.map((runner) => `${runner.name} ${ratePair(runner)}`).join(' · ');
  return market.runners
    .map((runner) => `${runner.name} ${runner.back[0]?.price ?? '–'} / ${runner.lay[0]?.price ?? '–'}`)
    .join(' · ');
}
