import { BetLimitsPanel } from './bet-limits-panel';

/** Bet limits and blocks for the caller's whole downline (decision 0020). */
export function DownlineLimitsPage() {
  return (
    <section className="page" aria-labelledby="downline-limits-title">
      <header className="page-header">
        <h1 id="downline-limits-title">Downline limits</h1>
      </header>
      <BetLimitsPanel ownerId={null} canEdit />
    </section>
  );
}
