import { Link } from 'react-router';
import type { CreditUtilisation } from '@khel/contract';
import { ROLE_NAMES } from '@khel/contract';
import type { RoleId } from '@khel/contract';
import { formatRupees } from '@khel/money';

/** A share of a credit line as a percentage with one decimal; a dash when no credit is given. */
export function percent(value: number | null): string {
  return value === null ? '—' : `${Math.round(value * 1000) / 10}%`;
}

/**
 * Credit given vs used for each credit agent and credit player in the caller's scope (PRODUCT.md §9,
 * decision 0026): used is the open bets' exposure plus the losses not yet settled.
 */
export function CreditUtilisationPanel({ credit }: { credit: CreditUtilisation }) {
  return (
    <section className="card risk-credit" aria-labelledby="credit-utilisation-title">
      <h2 id="credit-utilisation-title">Credit utilisation</h2>
      <p className="muted small">
        {formatRupees(credit.used)} used of {formatRupees(credit.creditGiven)} given ({percent(credit.utilisation)}):
        open exposure {formatRupees(credit.exposure)}, unsettled losses {formatRupees(credit.losses)}.
        {credit.accounts > credit.rows.length
          ? ` The ${credit.rows.length} most used of ${credit.accounts} credit accounts.`
          : ''}
      </p>
      <table className="data-table responsive-table" aria-label="Credit given and used per account">
        <thead>
          <tr>
            <th scope="col">Account</th>
            <th scope="col" className="num">
              Credit given
            </th>
            <th scope="col" className="num">
              Exposure
            </th>
            <th scope="col" className="num">
              Losses
            </th>
            <th scope="col" className="num">
              Used
            </th>
            <th scope="col" className="num">
              Utilisation
            </th>
          </tr>
        </thead>
        <tbody>
          {credit.rows.map((row) => (
            <tr key={row._id}>
              <td data-label="Account">
                <span className="stacked">
                  <Link to={`/users/${row._id}`}>{row.name || row.username}</Link>
                  <span className="muted small">{ROLE_NAMES[row.role as RoleId] ?? ''}</span>
                </span>
              </td>
              <td data-label="Credit given" className="num">
                {formatRupees(row.creditGiven)}
              </td>
              <td data-label="Exposure" className="num">
                {formatRupees(row.exposure)}
              </td>
              <td data-label="Losses" className="num">
                {formatRupees(row.losses)}
              </td>
              <td data-label="Used" className="num">
                {formatRupees(row.used)}
              </td>
              <td data-label="Utilisation" className="num">
                <strong>{percent(row.utilisation)}</strong>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
