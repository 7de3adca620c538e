import { useState } from 'react';
import type { Market, MarketPosition } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Modal } from '../../../components/ui/modal';
import { CashOut } from './cash-out';
import { t } from '../../../lib/i18n/i18n';

const band = (from: number, to: number | null) =>
  to === null ? `${from} and above` : to - 1 === from ? `${from}` : `${from}–${to - 1}`;

/** A fancy market's Book button: the run ladder (the result at every run total), the worst case marked, and Cash Out. */
export function FancyBook({ market, position }: { market: Market; position: MarketPosition | null }) {
  const [open, setOpen] = useState(false);
  if (position === null || position.fancyBook.length === 0) return null;
  return (
    <>
      <button
        type="button"
        className="fancy-book__open"
        onClick={() => setOpen(true)}
        data-testid="fancy-book-open"
        aria-label={`Book for ${market.name}`}
      >
        {t('Book')}
      </button>
      <Modal
        open={open}
        title={t('Book: {market}', { market: market.name })}
        onClose={() => setOpen(false)}
        testId="fancy-book"
      >
        <table className="fancy-book">
          <thead>
            <tr>
              <th scope="col">{t('Runs')}</th>
              <th scope="col">{t('Profit / loss')}</th>
            </tr>
          </thead>
          <tbody>
            {position.fancyBook.map((row) => (
              <tr
                key={row.fromRuns}
                className={row.worst ? 'fancy-book__row--worst' : undefined}
                data-testid="fancy-book-row"
                data-worst={row.worst || undefined}
              >
                <td>{band(row.fromRuns, row.toRuns)}</td>
                <td className={row.profitLoss > 0 ? 'position--up' : row.profitLoss < 0 ? 'position--down' : undefined}>
                  {formatRupees(row.profitLoss)}
                  {row.worst ? <span className="badge fancy-book__worst">{t('Worst case')}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <CashOut market={market} />
      </Modal>
    </>
  );
}
