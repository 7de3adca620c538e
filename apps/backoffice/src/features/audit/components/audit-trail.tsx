import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAuditLog } from '../api/get-audit-log';
import { AuditEntries } from './audit-entries';

const PAGE_SIZE = 10;

/** The history of one target (a user, say), for the page about that target. */
export function AuditTrail({ targetId, title = 'History' }: { targetId: string; title?: string }) {
  const [page, setPage] = useState(1);
  const query = useAuditLog({ page, pageSize: PAGE_SIZE, targetId });
  return (
    <section className="card" aria-labelledby="audit-trail-title">
      <h2 id="audit-trail-title">{title}</h2>
      {query.isPending ? (
        <LoadingBlock label="Loading history…" />
      ) : query.isError && query.data === undefined ? (
        <Alert>{errorMessage(query.error)}</Alert>
      ) : query.data === undefined || query.data.items.length === 0 ? (
        <EmptyState title="No changes recorded yet" />
      ) : (
        <>
          <AuditEntries entries={query.data.items} showTarget={false} />
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={query.data.total}
            label="History pages"
            onPageChange={setPage}
          />
        </>
      )}
    </section>
  );
}
