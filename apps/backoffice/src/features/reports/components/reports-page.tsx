import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../../components/ui/tabs';
import type { DateRange } from '../api/keys';
import { BetsPanel } from './bets-panel';
import { ExposurePanel } from './exposure-panel';
import { PartyPnlPanel } from './party-pnl-panel';
import { PaymentsPanel } from './payments-panel';
import { PlayersPanel } from './players-panel';
import { PnlPanel } from './pnl-panel';
import '../reports.css';

const TABS = ['pnl', 'party', 'payments', 'players', 'exposure', 'bets'] as const;
type Tab = (typeof TABS)[number];

/**
 * The reports every operator opens daily, over the caller's scope (the whole site, or an agent's
 * downline). The tab and a bet list's market live in the address, so the risk view can link here.
 */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? '') ? (requested as Tab) : 'pnl';
  const marketId = params.get('marketId') ?? undefined;
  const userId = params.get('userId') ?? undefined;
  const [range, setRange] = useState<DateRange>({});
  const select = (next: Tab) => setParams(next === 'pnl' ? {} : { tab: next }, { replace: true });
  return (
    <section className="page" aria-labelledby="reports-title">
      <header className="page-header">
        <h1 id="reports-title">Reports</h1>
      </header>
      <Tabs
        label="Reports"
        value={tab}
        onChange={select}
        items={[
          { value: 'pnl', label: 'Profit and loss' },
          { value: 'party', label: 'Party win/loss' },
          { value: 'payments', label: 'Deposits and withdrawals' },
          { value: 'players', label: 'Players' },
          { value: 'exposure', label: 'Exposure' },
          { value: 'bets', label: 'Bets' },
        ]}
      >
        {tab === 'pnl' ? (
          <PnlPanel range={range} onRangeChange={setRange} />
        ) : tab === 'party' ? (
          <PartyPnlPanel range={range} onRangeChange={setRange} />
        ) : tab === 'payments' ? (
          <PaymentsPanel range={range} onRangeChange={setRange} />
        ) : tab === 'players' ? (
          <PlayersPanel range={range} onRangeChange={setRange} />
        ) : tab === 'exposure' ? (
          <ExposurePanel userId={userId} onShowAll={() => setParams({ tab: 'exposure' }, { replace: true })} />
        ) : (
          <BetsPanel marketId={marketId} onClearMarket={() => setParams({ tab: 'bets' }, { replace: true })} />
        )}
      </Tabs>
    </section>
  );
}
