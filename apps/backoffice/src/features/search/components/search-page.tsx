import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ROLE_NAMES } from '@khel/contract';
import type { BackofficeSearch, RoleId } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-state';
import { formatDateTime, formatMobileNo } from '../../../lib/format';
import { useSearch } from '../api/search';

function Results({ data }: { data: BackofficeSearch }) {
  const nothing = data.users.length === 0 && data.bets.length === 0 && data.deposits.length === 0;
  if (nothing) return <p className="muted">Nothing found in your part of the site.</p>;
  return (
    <div className="stacked">
      {data.users.length === 0 ? null : (
        <section aria-labelledby="search-users">
          <h2 id="search-users">Users</h2>
          <ul className="plain-list">
            {data.users.map((user) => (
              <li key={user._id}>
                <Link to={`/users/${user._id}`}>{user.name || user.username}</Link>{' '}
                <span className="muted small">
                  {user.username} · {formatMobileNo(user.mobile_no)} · {ROLE_NAMES[user.role as RoleId] ?? ''}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.bets.length === 0 ? null : (
        <section aria-labelledby="search-bets">
          <h2 id="search-bets">Bet</h2>
          <ul className="plain-list">
            {data.bets.map((bet) => (
              <li key={bet._id}>
                <Link to={`/users/${bet.userId}`}>{bet.username}</Link>: {bet.market} ({bet.event}), stake{' '}
                {formatRupees(bet.stake)}, {bet.status}{' '}
                <span className="muted small">{formatDateTime(bet.placedAt)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.deposits.length === 0 ? null : (
        <section aria-labelledby="search-deposits">
          <h2 id="search-deposits">Deposits</h2>
          <ul className="plain-list">
            {data.deposits.map((deposit) => (
              <li key={deposit._id}>
                <Link to={`/users/${deposit.userId}`}>{deposit.username}</Link>: {formatRupees(deposit.amount)}, UTR{' '}
                {deposit.txnRef}, {deposit.status}{' '}
                <span className="muted small">{formatDateTime(deposit.createdAt)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/**
 * One search box (issue 28, decision 0056): a user by username or mobile, a bet by its id, a deposit
 * by its UTR, only inside the caller's part of the site. The text lives in the address (`?q=`).
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('q') ?? '';
  const [draft, setDraft] = useState(asked);
  const [error, setError] = useState<string | null>(null);
  const results = useSearch(asked);

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (text.length < 2) return setError('Type at least 2 characters');
    setError(null);
    setParams({ q: text }, { replace: true });
  }

  return (
    <section className="page" aria-labelledby="search-title">
      <header className="page-header">
        <h1 id="search-title">Search</h1>
      </header>
      <form className="report-toolbar" onSubmit={submit} role="search">
        <TextField
          label="Username, mobile, bet id or UTR"
          value={draft}
          maxLength={80}
          error={error ?? undefined}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" variant="primary">
          Search
        </Button>
      </form>
      {asked.length < 2 ? null : (
        <QueryState query={results} loadingLabel="Searching…">
          {(data) => <Results data={data} />}
        </QueryState>
      )}
    </section>
  );
}
