import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingBlock, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAuditLog } from '../api/get-audit-log';
import { AuditEntries } from './audit-entries';

const PAGE_SIZE = 50;

export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const query = useAuditLog({ page, pageSize: PAGE_SIZE });

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
      <p className="muted">Every operator action on money and permissions, newest first. Entries are never changed or removed.</p>
      {query.isPending ? (
        <LoadingBlock label="Loading the audit log…" />
      ) : query.isError && query.data === undefined ? (
        <Alert>{errorMessage(query.error)}</Alert>
      ) : query.data === undefined || query.data.items.length === 0 ? (
        <EmptyState title="Nothing recorded yet" />
      ) : (
        <>
          <AuditEntries entries={query.data.items} />
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={query.data.total}
            label="Audit log pages"
            onPageChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
          />
        </>
      )}
    </section>
  );
}
