import { useState } from 'react';
import { Link } from 'react-router';
import { formatRupees } from '@khel/money';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/spinner';
import { useBonusData } from '../../../lib/bonus-data';
import { AvailableOffers } from './available-offers';
import { BonusActionDialog, type PendingAction } from './bonus-action-dialog';
import { BonusCard } from './bonus-card';
import { t } from '../../../lib/i18n/i18n';

/**
 * /bonus (PRODUCT.md §8): the active bonus with its progress and rules, the bonuses waiting to be
 * activated, the offers still open, and the past ones. Every step asks for confirmation first.
 */
export function BonusView() {
  const query = useBonusData();
  const [pending, setPending] = useState<PendingAction | null>(null);

  if (query.isPending) {
    return (
      <div className="stack" aria-busy="true" data-testid="bonus-loading">
        <span className="visually-hidden" role="status">
          {t('Loading your bonuses')}
        </span>
        <Skeleton height="160px" />
        <Skeleton height="96px" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="banner banner--error stack-sm" role="alert" data-testid="bonus-error">
        <p>
          {t('We could not load your bonuses.')} {query.error.message}
        </p>
        <Button
          variant="secondary"
          className="button--small"
          onClick={() => void query.refetch()}
          loading={query.isFetching}
        >
          {t('Try again')}
        </Button>
      </div>
    );
  }

  const data = query.data;
  const wallet = { bonusBalance: data.bonusBalance, bonusExposure: data.bonusExposure };
  const nothing = data.active === null && data.offered.length === 0 && data.past.length === 0;

  return (
    <div className="stack-lg" data-testid="bonus-view">
      <p className="bonus-wallet-line" data-testid="bonus-wallet">
        {t('Bonus wallet')} <strong>{formatRupees(data.bonusBalance)}</strong>
        {data.bonusExposure !== 0 ? (
          <span className="muted">
            {' '}
            · {t('{amount} in open bets', { amount: formatRupees(Math.abs(data.bonusExposure)) })}
          </span>
        ) : null}
      </p>
      {data.active !== null ? (
        <section className="stack" aria-labelledby="active-bonus-title">
          <h2 id="active-bonus-title" className="section-title">
            {t('Your active bonus')}
          </h2>
          <BonusCard
            bonus={data.active}
            onAction={(action) => data.active && setPending({ action, bonus: data.active })}
          />
          <p className="muted">
            {t('Bets and casino rounds count only while your')} <strong>{t('Bonus wallet')}</strong>{' '}
            {t('pays: switch wallets from the account menu.')}
          </p>
        </section>
      ) : null}

      {data.offered.length > 0 ? (
        <section className="stack" aria-labelledby="offered-bonus-title">
          <h2 id="offered-bonus-title" className="section-title">
            {t('Waiting for you')}
          </h2>
          {data.offered.map((bonus) => (
            <BonusCard
              key={bonus._id}
              bonus={bonus}
              onAction={(action) => setPending({ action, bonus })}
              blocked={
                data.active !== null
                  ? t('You can have one active bonus at a time: finish or forfeit the active one to activate this.')
                  : null
              }
            />
          ))}
        </section>
      ) : null}

      {nothing ? (
        <EmptyState title={t('No bonuses yet')} icon="list" testId="bonus-empty">
          <p>
            {t('You have no bonus right now.')}{' '}
            {data.availableOffers.length > 0
              ? t('The offers below are open to you.')
              : t('When an offer is open to you, it appears here.')}
          </p>
          {data.availableOffers.some((offer) => offer.kind !== 'manual') ? (
            <Link to="/deposit">{t('Make a deposit')}</Link>
          ) : null}
        </EmptyState>
      ) : null}

      <AvailableOffers offers={data.availableOffers} />

      {data.past.length > 0 ? (
        <section className="stack" aria-labelledby="past-bonus-title">
          <h2 id="past-bonus-title" className="section-title">
            {t('Past bonuses')}
          </h2>
          {data.past.map((bonus) => (
            <BonusCard key={bonus._id} bonus={bonus} />
          ))}
        </section>
      ) : null}

      {pending !== null ? (
        <BonusActionDialog
          key={`${pending.action}-${pending.bonus._id}`}
          pending={pending}
          wallet={wallet}
          onClose={() => setPending(null)}
        />
      ) : null}
    </div>
  );
}
