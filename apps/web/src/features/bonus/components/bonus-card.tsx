import type { PlayerBonus } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Button } from '../../../components/ui/button';
import { WageringProgress } from '../../../components/wagering-progress';
import { formatDateTime } from '../../../lib/dates';
import type { BonusAction } from '../api/bonus-actions';
import { STATUS_LABELS, deadlineText } from '../utils/bonus-text';
import { t } from '../../../lib/i18n/i18n';

/**
 * The rules in plain words (what counts, minimum odds, contributions, deadlines): the server's own
 * sentences, so the page and the server can never disagree about them.
 */
export function BonusRules({ rules, open }: { rules: string[]; open: boolean }) {
  return (
    <details className="bonus-rules" open={open}>
      <summary>{t('How to unlock it')}</summary>
      <ul className="bonus-rules__list" data-testid="bonus-rules">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </details>
  );
}

/**
 * One bonus: the active one in full, an offered one with Activate, a past one as a record. `blocked`
 * says why Activate cannot work now (one active bonus at a time), instead of letting the server refuse.
 */
export function BonusCard({
  bonus,
  onAction,
  blocked = null,
}: {
  bonus: PlayerBonus;
  onAction?: (action: BonusAction) => void;
  blocked?: string | null;
}) {
  const deadline = deadlineText(bonus);
  const live = bonus.status === 'active' || bonus.status === 'completed';
  return (
    <article
      className={`card stack bonus-card bonus-card--${bonus.status}`}
      data-testid="bonus-card"
      data-status={bonus.status}
      aria-label={`${bonus.offerName}, ${STATUS_LABELS[bonus.status]}`}
    >
      <header className="bonus-card__head">
        <div>
          <h3 className="bonus-card__title">{bonus.offerName}</h3>
          <p className="muted">{formatDateTime(bonus.createdAt)}</p>
        </div>
        <div className="bonus-card__amount">
          <strong data-testid="bonus-amount">{formatRupees(bonus.amount)}</strong>
          <span className={`bonus-status bonus-status--${bonus.status}`} data-testid="bonus-status">
            {t(STATUS_LABELS[bonus.status])}
          </span>
        </div>
      </header>
      {live ? <WageringProgress bonus={bonus} /> : null}
      {deadline !== null ? (
        <p className="bonus-card__deadline" data-testid="bonus-deadline">
          {deadline}
        </p>
      ) : null}
      {bonus.status === 'claimed' && bonus.convertedAmount !== null ? (
        <p className="muted" data-testid="bonus-outcome">
          {t('{amount} moved to your main wallet', { amount: formatRupees(bonus.convertedAmount) })}
          {bonus.removedAmount ? `, ${t('{amount} removed', { amount: formatRupees(bonus.removedAmount) })}` : ''}.
        </p>
      ) : null}
      {bonus.status === 'offered' || live ? <BonusRules rules={bonus.rules} open={live || blocked === null} /> : null}
      {blocked !== null && bonus.status === 'offered' ? (
        <p className="muted" data-testid="bonus-blocked">
          {blocked}
        </p>
      ) : null}
      {onAction && (bonus.status === 'offered' || live) ? (
        <div className="row bonus-card__actions">
          {bonus.status === 'offered' ? (
            <Button onClick={() => onAction('activate')} disabled={blocked !== null}>
              {t('Activate')}
            </Button>
          ) : null}
          {bonus.status === 'completed' ? <Button onClick={() => onAction('claim')}>{t('Claim')}</Button> : null}
          <Button variant="secondary" onClick={() => onAction('forfeit')}>
            {t('Forfeit')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
