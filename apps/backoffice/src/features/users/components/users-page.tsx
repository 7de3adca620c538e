import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ROLE_IDS } from '@khel/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField, TextField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingBlock, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '@khel/web-kit';
import { useUsers } from '../api/get-users';
import { UsersList, roleName } from './users-list';

export const SEARCH_DEBOUNCE_MS = 350;
const PAGE_SIZE = 25;

function positiveInt(value: string | null, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/**
 * The filters live in the URL (q, role, page) so an operator can share a search, reload, or come back
 * from a user's page to the same list.
 */
export function UsersPage() {
  const [params, setParams] = useSearchParams();
  const urlSearch = params.get('q') ?? '';
  const role = params.get('role') === null ? undefined : positiveInt(params.get('role'), 0) || undefined;
  const page = positiveInt(params.get('page'), 1);
  const [searchInput, setSearchInput] = useState(urlSearch);
  const debouncedSearch = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);

  function update(changes: Record<string, string | undefined>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  }

  // A new search term starts from page 1; typing does not add a history entry per pause.
  useEffect(() => {
    const term = debouncedSearch.trim();
    if (term === urlSearch) return;
    update({ q: term, page: undefined });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled search term should write the URL
  }, [debouncedSearch]);

  const query = useUsers({ search: urlSearch, role, page, pageSize: PAGE_SIZE });
  const data = query.data;
  const filtered = urlSearch !== '' || role !== undefined;

  return (
    <section className="page" aria-labelledby="users-title">
      <header className="page-header">
        <h1 id="users-title">Users</h1>
        {query.isFetching && data !== undefined ? <Spinner size="small" label="Updating" /> : null}
      </header>
      <form className="filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <TextField
          label="Search"
          type="search"
          placeholder="Name, username or mobile number"
          value={searchInput}
          maxLength={80}
          onChange={(event) => setSearchInput(event.target.value)}
        />
        <SelectField
          label="Role"
          value={role === undefined ? '' : String(role)}
          onChange={(event) => update({ role: event.target.value, page: undefined })}
        >
          <option value="">All roles</option>
          {ROLE_IDS.map((id) => (
            <option key={id} value={id}>
              {roleName(id)}
            </option>
          ))}
        </SelectField>
      </form>

      {query.isPending ? (
        <LoadingBlock label="Loading users…" />
      ) : query.isError && data === undefined ? (
        <Alert
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(query.error)}
        </Alert>
      ) : data === undefined || data.items.length === 0 ? (
        <EmptyState title={filtered ? 'No users match these filters' : 'No users yet'}>
          {filtered ? (
            <Button
              size="small"
              onClick={() => {
                setSearchInput('');
                update({ q: undefined, role: undefined, page: undefined });
              }}
            >
              Clear filters
            </Button>
          ) : null}
        </EmptyState>
      ) : (
        <>
          <UsersList users={data.items} />
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={data.total}
            label="Users pages"
            onPageChange={(next) => update({ page: next === 1 ? undefined : String(next) })}
          />
        </>
      )}
    </section>
  );
}
