import { useId, useState, type KeyboardEvent } from 'react';
import { MESSAGES, type StatementLine } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { DateRangePicker, defaultRange } from '../../../components/ui/date-range-picker';
import { Skeleton } from '../../../components/ui/spinner';
import { formatDateTime, type DateRange } from '../../../lib/dates';
import { statementLineText } from '../utils/line-text';
import { useStatement, type StatementKind } from '../api/get-statement';
import { WalletToggle } from './wallet-tabs';
import { msg, t } from '../../../lib/i18n/i18n';

const TABS: { kind: StatementKind; label: string }[] = [
  { kind: 'all', label: msg('All') },
  { kind: 'transactions', label: msg('Transactions') },
  { kind: 'results', label: msg('Results') },
];

export function signedClass(amount: number): string {
  return amount > 0 ? 'amount--plus' : amount < 0 ? 'amount--minus' : '';
}

function Line({ line }: { line: StatementLine }) {
  return (
    <tr data-testid="statement-line">
      <td>
        <span className="statement__description" data-testid="line-description">
          {statementLineText(line)}
        </span>
        <span className="statement__date muted" data-testid="line-date">
          {formatDateTime(line.createdAt)}
        </span>
      </td>
      <td className={`num ${signedClass(line.amount)}`} data-testid="line-amount">
        {line.amount > 0 ? '+' : ''}
        {formatRupees(line.amount)}
      </td>
      <td className="num" data-testid="line-balance">
        {formatRupees(line.balance)}
      </td>
    </tr>
  );
}

/**
 * Account statement (spec §2 /statements): every line of the chosen wallet with the balance just after
 * it, between the opening and the closing balance of the range. Tabs: All, Transactions, Results.
 */
export function StatementView({ offerBonus }: { offerBonus: boolean }) {
  const id = useId();
  const [range, setRange] = useState<DateRange>(defaultRange);
  const [bonus, setBonus] = useState(false);
  const [kind, setKind] = useState<StatementKind>('all');
  const statement = useStatement(kind, range, offerBonus && bonus);

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = TABS[(index + step + TABS.length) % TABS.length];
    if (!next) return;
    setKind(next.kind);
    document.getElementById(`${id}-tab-${next.kind}`)?.focus();
  };

  return (
    <div className="stack" data-testid="statement">
      <div className="filters">
        <DateRangePicker value={range} onChange={setRange} />
        {offerBonus ? <WalletToggle bonus={bonus} onChange={setBonus} /> : null}
      </div>
      <div className="tabs" role="tablist" aria-label={t('Statement')}>
        {TABS.map((tab, index) => (
          <button
            key={tab.kind}
            id={`${id}-tab-${tab.kind}`}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={kind === tab.kind}
            aria-controls={`${id}-panel`}
            tabIndex={kind === tab.kind ? 0 : -1}
            onClick={() => setKind(tab.kind)}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {t(tab.label)}
          </button>
        ))}
      </div>
      <div
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-${kind}`}
        aria-busy={statement.isFetching || undefined}
      >
        {statement.isPending ? (
          <div className="stack" aria-label={t('Loading')}>
            <Skeleton height="40px" />
            <Skeleton height="40px" />
            <Skeleton height="40px" />
          </div>
        ) : statement.isError ? (
          <p className="no-data">{t('We could not load the statement.')}</p>
        ) : (
          <>
            <dl className="summary">
              <div>
                <dt>{t('Opening balance')}</dt>
                <dd data-testid="opening-balance">{formatRupees(statement.data.openingBalance)}</dd>
              </div>
              <div>
                <dt>{t('Closing balance')}</dt>
                <dd data-testid="closing-balance">{formatRupees(statement.data.closingBalance)}</dd>
              </div>
            </dl>
            {statement.data.lines.length === 0 ? (
              <p className="no-data">{MESSAGES.noData}</p>
            ) : (
              <table className="statement">
                <thead>
                  <tr>
                    <th scope="col">{t('Description')}</th>
                    <th scope="col" className="num">
                      {t('Amount')}
                    </th>
                    <th scope="col" className="num">
                      {t('Balance')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {statement.data.lines.map((line) => (
                    <Line key={line._id} line={line} />
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </div>
    </div>
  );
}
