import { useId, useState, type FormEvent } from 'react';
import { DEPOSIT_LIMIT_PERIODS, type DepositLimit, type DepositLimitPeriod } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/spinner';
import { AMOUNT_DECIMALS_MESSAGE, cleanAmountInput, hasTooManyDecimals, parseAmount } from '../../../lib/amount';
import { formatDateTime } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useDepositLimits } from '../api/get-deposit-limits';
import { useSetDepositLimit } from '../api/set-deposit-limit';
import { msg, t } from '../../../lib/i18n/i18n';

const PERIOD_NAMES: Record<DepositLimitPeriod, { title: string; span: string }> = {
  daily: { title: msg('Daily limit'), span: msg('today') },
  weekly: { title: msg('Weekly limit'), span: msg('this week') },
  monthly: { title: msg('Monthly limit'), span: msg('this month') },
};

export const LIMIT_REQUIRED_MESSAGE = msg('Enter a limit');

function LimitCard({ limit }: { limit: DepositLimit }) {
  const id = useId();
  const [value, setValue] = useState('');
  const save = useSetDepositLimit();
  const names = PERIOD_NAMES[limit.period];
  const over = limit.amount !== null && limit.used >= limit.amount;

  const submit = async (amount: number | null) => {
    if (save.isPending) return;
    try {
      const envelope = await save.mutateAsync({ period: limit.period, amount });
      if (envelope.meta.code === 200) setValue('');
    } catch {
      // Toasted by the API client.
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (hasTooManyDecimals(value)) {
      toast.warning(AMOUNT_DECIMALS_MESSAGE);
      return;
    }
    const amount = parseAmount(value);
    if (amount === null) {
      toast.warning(LIMIT_REQUIRED_MESSAGE);
      return;
    }
    void submit(amount);
  };

  return (
    <li className="limit-card" data-testid={`limit-${limit.period}`}>
      <div className="limit-card__head">
        <h3 className="limit-card__title">{t(names.title)}</h3>
        <strong data-testid="limit-amount">{limit.amount === null ? 'No limit' : formatRupees(limit.amount)}</strong>
      </div>
      {limit.amount !== null ? (
        <progress
          className={`limit-bar${over ? ' limit-bar--full' : ''}`}
          max={limit.amount}
          value={Math.min(limit.used, limit.amount)}
          aria-label={t('{limit} used', { limit: t(names.title) })}
        >
          {formatRupees(limit.used)}
        </progress>
      ) : null}
      <p className="muted" data-testid="limit-used">
        {t('{amount} deposited {span} (approved deposits)', {
          amount: formatRupees(limit.approved),
          span: t(names.span),
        })}
        {limit.amount !== null ? ` · ${formatRupees(limit.used)} of ${formatRupees(limit.amount)} used` : ''}
      </p>
      {limit.pending > 0 ? (
        <p className="muted" data-testid="limit-pending-deposits">
          {t('{amount} awaiting approval also counts towards the limit.', { amount: formatRupees(limit.pending) })}
        </p>
      ) : null}
      {limit.pendingEffectiveAt !== null && (limit.pendingRemoval || limit.pendingAmount !== null) ? (
        <p className="banner banner--info" data-testid="limit-pending">
          {limit.pendingRemoval
            ? t('The limit will be removed on {date}.', { date: formatDateTime(limit.pendingEffectiveAt) })
            : t('The limit rises to {amount} on {date}.', {
                amount: formatRupees(limit.pendingAmount ?? 0),
                date: formatDateTime(limit.pendingEffectiveAt),
              })}
        </p>
      ) : null}
      <form className="limit-card__form" onSubmit={onSubmit} noValidate>
        <TextField
          id={`${id}-amount`}
          label={
            limit.period === 'daily'
              ? t('New daily limit (₹)')
              : limit.period === 'weekly'
                ? t('New weekly limit (₹)')
                : t('New monthly limit (₹)')
          }
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(event) => setValue(cleanAmountInput(event.target.value))}
        />
        <div className="row">
          <Button
            type="submit"
            className="button--small"
            loading={save.isPending && save.variables?.amount !== null}
            loadingLabel={t('Saving…')}
          >
            {t('Save limit')}
          </Button>
          {limit.amount !== null && !limit.pendingRemoval ? (
            <Button
              type="button"
              variant="secondary"
              className="button--small"
              loading={save.isPending && save.variables?.amount === null}
              loadingLabel={t('Removing…')}
              onClick={() => void submit(null)}
            >
              {t('Remove limit')}
            </Button>
          ) : null}
        </div>
      </form>
    </li>
  );
}

/**
 * Self-set deposit limits (PRODUCT.md §7), enforced by the server: what each period has used against its
 * limit, the changes still waiting, and why raising one waits.
 */
export function DepositLimits() {
  const limits = useDepositLimits();
  const byPeriod = new Map(limits.data?.map((limit) => [limit.period, limit]));
  return (
    <section className="stack" aria-labelledby="deposit-limits-title" data-testid="deposit-limits">
      <h2 id="deposit-limits-title" className="section-title">
        {t('Deposit limits')}
      </h2>
      <p className="muted">
        Cap what you can deposit in a day, a week or a month. Lowering a limit takes effect at once; raising or removing
        one takes effect after 24 hours, so a decision made in the heat of the moment has time to cool.
      </p>
      {limits.isPending ? (
        <div className="stack" aria-busy="true">
          <Skeleton height="120px" />
          <Skeleton height="120px" />
        </div>
      ) : limits.isError ? (
        <p className="no-data">{t('We could not load your limits.')}</p>
      ) : (
        <ul className="limit-list">
          {DEPOSIT_LIMIT_PERIODS.map((period) => {
            const limit = byPeriod.get(period);
            return limit ? <LimitCard key={period} limit={limit} /> : null;
          })}
        </ul>
      )}
    </section>
  );
}
