import { useState } from 'react';
import { MESSAGES } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { DateRangePicker, defaultRange } from '../../../components/ui/date-range-picker';
import { Skeleton } from '../../../components/ui/spinner';
import type { DateRange } from '../../../lib/dates';
import { useProfitLoss, type ProfitLossRow } from '../api/get-profit-loss';
import { signedClass } from './statement-view';
import { WalletToggle } from './wallet-tabs';
import { t } from '../../../lib/i18n/i18n';

const sum = (rows: ProfitLossRow[]) => rows.reduce((total, row) => total + Math.round(row.profitLoss * 100), 0) / 100;

function Section({ title, rows, testId }: { title: string; rows: ProfitLossRow[]; testId: string }) {
  if (rows.length === 0) return null;
  return (
    <section className="stack-sm" aria-label={title} data-testid={testId}>
      <table className="statement">
        <caption className="statement__caption">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{title === 'Sports' ? t('Event and market') : t('Provider')}</th>
            <th scope="col" className="num">
              {t('Bets')}
            </th>
            <th scope="col" className="num">
              {t('Profit / Loss')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-testid="pl-row">
              <td>
                {row.group === 'sport' ? (
                  <>
                    <span className="statement__description">{row.event ?? row.sport}</span>
                    <span className="statement__date muted">{[row.sport, row.market].filter(Boolean).join(' · ')}</span>
                  </>
                ) : (
                  <>
                    <span className="statement__description">{row.provider}</span>
                    {(row.event ?? row.market) ? (
                      <span className="statement__date muted">{row.event ?? row.market}</span>
                    ) : null}
                  </>
                )}
                {row.commission !== 0 ? (
                  <span className="statement__date muted">
                    {t('Commission')} {formatRupees(row.commission)}
                  </span>
                ) : null}
              </td>
              <td className="num">{row.count}</td>
              <td className={`num ${signedClass(row.profitLoss)}`}>{formatRupees(row.profitLoss)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {title} total
            </th>
            <td className={`num ${signedClass(sum(rows))}`}>{formatRupees(sum(rows))}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

/** Profit and loss (spec §2 /profit-loss): by sport, event and market, and by casino provider, with totals. */
export function ProfitLossView({ offerBonus }: { offerBonus: boolean }) {
  const [range, setRange] = useState<DateRange>(defaultRange);
  const [bonus, setBonus] = useState(false);
  const report = useProfitLoss(range, offerBonus && bonus);
  return (
    <div className="stack" data-testid="profit-loss">
      <div className="filters">
        <DateRangePicker value={range} onChange={setRange} />
        {offerBonus ? <WalletToggle bonus={bonus} onChange={setBonus} /> : null}
      </div>
      {report.isPending ? (
        <div className="stack" aria-busy="true" aria-label={t('Loading')}>
          <Skeleton height="40px" />
          <Skeleton height="40px" />
        </div>
      ) : report.isError ? (
        <p className="no-data">{t('We could not load your profit and loss.')}</p>
      ) : report.data.rows.length === 0 ? (
        <p className="no-data">{MESSAGES.noData}</p>
      ) : (
        <div className="stack" aria-busy={report.isFetching || undefined}>
          <Section
            title={t('Sports')}
            rows={report.data.rows.filter((row) => row.group === 'sport')}
            testId="pl-sports"
          />
          <Section
            title={t('Casino')}
            rows={report.data.rows.filter((row) => row.group === 'casino')}
            testId="pl-casino"
          />
          <p className="pl-total">
            {t('Total')}{' '}
            <strong className={signedClass(report.data.total)} data-testid="pl-total">
              {formatRupees(report.data.total)}
            </strong>
          </p>
        </div>
      )}
    </div>
  );
}
