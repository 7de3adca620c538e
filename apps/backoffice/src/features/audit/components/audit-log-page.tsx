import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingBlock, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAuditLog } from '../api/get-audit-log';
import { AuditEntries } from './audit-entries';
import { AuditFilters, dateRangeError } from './audit-filters';
import type { AuditFilterValues } from './audit-filters';

const PAGE_SIZE = 50;
const FILTER_KEYS = ['actor', 'action', 'target', 'from', 'to'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters live in the URL, so an operator can share a search or reload and keep it. */
export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const filters = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, params.get(key) ?? '']),
  ) as unknown as AuditFilterValues;
  const validDates =
    (filters.from === '' || DATE.test(filters.from)) &&
    (filters.to === '' || DATE.test(filters.to)) &&
    dateRangeError(filters) === undefined;
  const blank = (value: string) => (value === '' ? undefined : value);
  const query = useAuditLog({
    page,
    pageSize: PAGE_SIZE,
    actor: blank(filters.actor),
    action: blank(filters.action),
    target: blank(filters.target),
    from: validDates ? blank(filters.from) : undefined,
    to: validDates ? blank(filters.to) : undefined,
  });
  const filtered = FILTER_KEYS.some((key) => filters[key] !== '');

  function update(changes: Partial<AuditFilterValues> & { page?: string }) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        // A new filter starts from the first page.
        if (changes.page === undefined) next.delete('page');
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '' || (key === 'page' && value === '1')) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  }

  return (
    <section className="page" aria-labelledby="audit-title">
      <header className="page-header">
        <h1 id="audit-title">Audit log</h1>
        <div className="page-actions">
          {query.isFetching && query.data !== undefined ? <Spinner size="small" label="Updating" /> : null}
          <Button size="small" onClick={() => void query.refetch()}>
            Refresh
          </Button>
        </div>
      </header>
      <p className="muted">
        Every operator action on money and permissions, and every operator sign-in, newest first. Times are India time.
        Entries are never changed or removed.
      </p>
      <AuditFilters values={filters} onChange={update} />
      {query.isPending ? (
        <LoadingBlock label="Loading the audit log…" />
      ) : query.isError && query.data === undefined ? (
        <Alert>{errorMessage(query.error)}</Alert>
      ) : query.data === undefined || query.data.items.length === 0 ? (
        <EmptyState title={filtered ? 'No entries match these filters' : 'Nothing recorded yet'} />
      ) : (
        <>
          <AuditEntries entries={query.data.items} />
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={query.data.total}
            label="Audit log pages"
            onPageChange={(next) => update({ page: String(next) })}
          />
        </>
      )}
    </section>
  );
}
