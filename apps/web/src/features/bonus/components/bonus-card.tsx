import type { PlayerBonus } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Button } from '../../../components/ui/button';
import { WageringProgress } from '../../../components/wagering-progress';
import { formatDateTime } from '../../../lib/dates';
import type { BonusAction } from '../api/bonus-actions';
import { STATUS_LABELS, contributionList, deadlineText } from '../utils/bonus-text';

/** The rules in plain words: the server's sentences, then what each product contributes. */
export function BonusRules({ rules, contributions }: Pick<PlayerBonus, 'rules' | 'contributions'>) {
  return (
    <details className="bonus-rules" open>
      <summary>How to unlock it</summary>
      <ul className="bonus-rules__list" data-testid="bonus-rules">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <p className="muted bonus-rules__caption">Each ₹100 staked from the bonus wallet counts as:</p>
      <ul className="bonus-contributions">
        {contributionList(contributions).map(({ product, percent }) => (
          <li key={product}>
            <span>{product}</span> <strong>{percent > 0 ? `₹${percent}` : 'does not count'}</strong>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** One bonus: the active one in full, an offered one with Activate, a past one as a record. */
export function BonusCard({ bonus, onAction }: { bonus: PlayerBonus; onAction?: (action: BonusAction) => void }) {
  const deadline = deadlineText(bonus);
  const live = bonus.status === 'active' || bonus.status === 'completed';
  return (
    <article className={`card stack bonus-card bonus-card--${bonus.status}`} data-testid="bonus-card" data-status={bonus.status} aria-label={`${bonus.offerName}, ${STATUS_LABELS[bonus.status]}`}>
      <header className="bonus-card__head">
        <div>
          <h3 className="bonus-card__title">{bonus.offerName}</h3>
          <p className="muted">{formatDateTime(bonus.createdAt)}</p>
        </div>
        <div className="bonus-card__amount">
          <strong data-testid="bonus-amount">{formatRupees(bonus.amount)}</strong>
          <span className={`bonus-status bonus-status--${bonus.status}`} data-testid="bonus-status">
            {STATUS_LABELS[bonus.status]}
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
          {formatRupees(bonus.convertedAmount)} moved to your main wallet{bonus.removedAmount ? `, ${formatRupees(bonus.removedAmount)} removed` : ''}.
        </p>
      ) : null}
      {bonus.status === 'offered' || live ? <BonusRules rules={bonus.rules} contributions={bonus.contributions} /> : null}
      {onAction && (bonus.status === 'offered' || live) ? (
        <div className="row bonus-card__actions">
          {bonus.status === 'offered' ? <Button onClick={() => onAction('activate')}>Activate</Button> : null}
          {bonus.status === 'completed' ? <Button onClick={() => onAction('claim')}>Claim</Button> : null}
          <Button variant="secondary" onClick={() => onAction('forfeit')}>
            Forfeit
          </Button>
        </div>
      ) : null}
    </article>
  );
}
