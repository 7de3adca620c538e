import { useId, useState } from 'react';
import { MESSAGES, type CasinoBet } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Skeleton } from '../../../components/ui/spinner';
import { indiaToday } from '@khel/money';
import { formatDateTime } from '../../../lib/dates';
import { casinoRoundText } from '../utils/round-text';
import { useCasinoBets } from '../api/get-casino-bets';
import { roundsOf, type CasinoKind, type ProviderOption } from '../utils/games';
import { msg, t } from '../../../lib/i18n/i18n';

const STATUS: Record<CasinoBet['status'], string> = {
  open: msg('Open'),
  credited: msg('Settled'),
  rolled_back: msg('Returned'),
};

const signed = (amount: number) => (amount > 0 ? 'amount--plus' : amount < 0 ? 'amount--minus' : '');

function Round({ round, kind }: { round: CasinoBet; kind: CasinoKind }) {
  return (
    <li className="casino-round" data-testid="casino-round" data-round-id={round.roundId} data-status={round.status}>
      <div className="casino-round__head">
        <strong className="casino-round__title">{round.title}</strong>
        <span className={`casino-round__status casino-round__status--${round.status}`}>{t(STATUS[round.status])}</span>
      </div>
      <p className="casino-round__description" data-testid="casino-round-description">
        {casinoRoundText(round, kind)}
      </p>
      <p className="casino-round__meta muted">
        <time dateTime={round.createdAt}>{formatDateTime(round.createdAt)}</time>
        {round.wallet === 'bonus' ? ` · ${t('Bonus wallet')}` : ''}
        <span className="visually-hidden"> · round {round.roundId}</span>
      </p>
      <dl className="casino-round__amounts">
        <div>
          <dt>{t('Stake')}</dt>
          <dd>{formatRupees(round.stake)}</dd>
        </div>
        <div>
          <dt>{t('Payout')}</dt>
          <dd>{round.status === 'open' ? '–' : formatRupees(round.payout)}</dd>
        </div>
        <div>
          <dt>{t('Profit / Loss')}</dt>
          <dd className={signed(round.profitLoss)} data-testid="casino-round-pl">
            {round.status === 'credited' ? `${round.profitLoss > 0 ? '+' : ''}${formatRupees(round.profitLoss)}` : '–'}
          </dd>
        </div>
      </dl>
    </li>
  );
}

/**
 * "Casino history" on the lobby pages: the player's rounds of one India date (today by default) from
 * GET /api/v1/casino-bets-by-date, for one provider or all, newest first. My Bets stays sports-only.
 */
export function CasinoHistory({ kind, providers }: { kind: CasinoKind; providers: readonly ProviderOption[] }) {
  const id = useId();
  const today = indiaToday();
  const [provider, setProvider] = useState('');
  const [date, setDate] = useState(today);
  const bets = useCasinoBets({ provider, date });
  const rounds = bets.data ? [...roundsOf(kind, bets.data)].sort((a, b) => b.createdAt.localeCompare(a.createdAt)) : [];

  return (
    <section className="casino-history stack" aria-labelledby={`${id}-title`} data-testid="casino-history">
      <div className="casino-history__header">
        <h2 id={`${id}-title`} className="section-title">
          {t('Casino history')}
        </h2>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => void bets.refetch()}
          disabled={bets.isFetching}
          data-testid="history-refresh"
        >
          {bets.isFetching ? t('Refreshing…') : t('Refresh')}
        </button>
      </div>
      <div className="casino-history__filters">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-provider`}>
            {t('Provider')}
          </label>
          <select
            id={`${id}-provider`}
            className="input"
            value={provider}
            onChange={(event) => setProvider(event.target.value)}
            data-testid="history-provider"
          >
            <option value="">{t('All providers')}</option>
            {providers.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-date`}>
            {t('Date')}
          </label>
          <input
            id={`${id}-date`}
            className="input"
            type="date"
            max={today}
            value={date}
            onChange={(event) => {
              if (event.target.value !== '') setDate(event.target.value);
            }}
            data-testid="history-date"
          />
        </div>
      </div>
      <div aria-busy={bets.isFetching || undefined}>
        {bets.isPending ? (
          <div className="stack" aria-label={t('Loading casino history')}>
            <Skeleton height="72px" />
            <Skeleton height="72px" />
          </div>
        ) : bets.isError ? (
          <p className="no-data">{t('We could not load your casino history.')}</p>
        ) : rounds.length === 0 ? (
          <p className="no-data" data-testid="history-empty">
            {MESSAGES.noData}
          </p>
        ) : (
          <ul className="casino-history__list">
            {rounds.map((round) => (
              <Round key={round._id} round={round} kind={kind} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
