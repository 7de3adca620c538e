import { useState } from 'react';
import { PlayMoneyNote } from '../../../components/money/play-money-note';
import { Tabs } from '../../../components/ui/tabs';
import { useGrants } from '../api/grants';
import { BonusReportPanel } from './bonus-report-panel';
import { GrantsPanel } from './grants-panel';
import { OffersPanel } from './offers-panel';
import { ReferralFlagsPanel } from './referral-flags-panel';
import { ReferralSettingsPanel } from './referral-settings-panel';
import '../bonuses.css';

type Tab = 'offers' | 'grants' | 'referral' | 'flags' | 'report';

/** The bonus desk: offers, grants waiting for a second operator, referral settings and flags, the weekly report. */
export function BonusesPage() {
  const [tab, setTab] = useState<Tab>('offers');
  const pending = useGrants('pending');
  return (
    <section className="page" aria-labelledby="bonuses-title">
      <header className="page-header">
        <h1 id="bonuses-title">Bonuses</h1>
      </header>
      <PlayMoneyNote />
      <Tabs
        label="Bonus desk"
        value={tab}
        onChange={setTab}
        items={[
          { value: 'offers', label: 'Offers' },
          { value: 'grants', label: 'Grants to approve', count: pending.data?.length || undefined },
          { value: 'referral', label: 'Referral settings' },
          { value: 'flags', label: 'Flagged referrals' },
          { value: 'report', label: 'Report' },
        ]}
      >
        {tab === 'offers' ? (
          <OffersPanel />
        ) : tab === 'grants' ? (
          <GrantsPanel />
        ) : tab === 'referral' ? (
          <ReferralSettingsPanel />
        ) : tab === 'flags' ? (
          <ReferralFlagsPanel />
        ) : (
          <BonusReportPanel />
        )}
      </Tabs>
    </section>
  );
}
