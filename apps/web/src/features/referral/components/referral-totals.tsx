import { useState } from 'react';
import type { ReferralTotals as Totals } from '@khel/contract';
import { formatRupees, rupeesToPaise } from '@khel/money';
import { Button } from '../../../components/ui/button';
import { newIdempotencyKey } from '@khel/web-kit';
import { useClaimRefBonus } from '../api/claim-ref-bonus';
import { t } from '../../../lib/i18n/i18n';

/** Earned, claimable and claimed, with Claim: enabled only from the configured minimum. */
export function ReferralTotals({ totals }: { totals: Totals }) {
  const claim = useClaimRefBonus();
  // One key per claimable amount: a retry of the same claim reuses it, a new earning gets a new one.
  const [key, setKey] = useState(() => ({ amount: totals.claimable, value: newIdempotencyKey() }));
  const idempotencyKey = key.amount === totals.claimable ? key.value : null;
  const claimablePaise = rupeesToPaise(totals.claimable) ?? 0;
  const enough = claimablePaise > 0 && claimablePaise >= (rupeesToPaise(totals.minClaim) ?? 0);

  const onClaim = async () => {
    const value = idempotencyKey ?? newIdempotencyKey();
    if (idempotencyKey === null) setKey({ amount: totals.claimable, value });
    try {
      const envelope = await claim.mutateAsync(value);
      if (envelope.meta.code === 200) setKey({ amount: -1, value: newIdempotencyKey() });
    } catch {
      // Toasted; trying again reuses the key.
    }
  };

  return (
    <section className="card stack" aria-labelledby="referral-totals-title" data-testid="referral-totals">
      <h2 id="referral-totals-title" className="section-title">
        {t('Your referral earnings')}
      </h2>
      <dl className="referral-totals">
        <div>
          <dt>{t('Earned')}</dt>
          <dd data-testid="ref-earned">{formatRupees(totals.earned)}</dd>
        </div>
        <div>
          <dt>{t('Claimable')}</dt>
          <dd data-testid="ref-claimable">{formatRupees(totals.claimable)}</dd>
        </div>
        <div>
          <dt>{t('Claimed')}</dt>
          <dd data-testid="ref-claimed">{formatRupees(totals.claimed)}</dd>
        </div>
      </dl>
      <Button
        block
        onClick={() => void onClaim()}
        disabled={!enough}
        loading={claim.isPending}
        loadingLabel={t('Claiming…')}
        data-testid="claim-ref-bonus"
      >
        {t('Claim {amount} to main wallet', { amount: formatRupees(totals.claimable) })}
      </Button>
      <p className="muted" data-testid="ref-claim-hint">
        {enough
          ? t('The whole claimable amount moves to your main wallet at once.')
          : t('You can claim from {amount}.', { amount: formatRupees(totals.minClaim) })}
      </p>
    </section>
  );
}
