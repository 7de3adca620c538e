import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { CREATABLE_ROLES } from '@khel/contract';
import type { RoleId } from '@khel/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingBlock, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth/get-user-data';
import { useDebouncedValue } from '@khel/web-kit';
import { useDownline, useTreePath } from '../api/downline';
import { CreateAccountDialog } from './create-account-dialog';
import { DownlineList } from './downline-list';
import type { DownlineColumn } from './downline-list';

const PAGE_SIZE = 25;

/**
 * The agent's downline, one level at a time (`/downline/:id` drills into a sub-agent), with the
 * breadcrumb of the path from the caller's own place in the tree. A DIRECTOR starts at the top of the
 * whole tree. `extraColumns` is where the agents' money columns go; `landing` shows above the caller's
 * own downline only (an agent's landing figures), not when it drills into a sub-agent.
 */
export function DownlinePage({
  extraColumns = [],
  landing = null,
}: {
  extraColumns?: readonly DownlineColumn[];
  landing?: ReactNode;
}) {
  const profile = useProfile();
  const { id: routeId } = useParams();
  const uplineId = routeId ?? profile.data?._id ?? '';
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput, 350).trim();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const path = useTreePath(uplineId);
  const list = useDownline({ uplineId, search, page, pageSize: PAGE_SIZE });
  const here = path.data?.at(-1);
  const canCreate = here !== undefined && (CREATABLE_ROLES[here.role as RoleId] ?? []).length > 0;

  if (uplineId === '' || path.isPending) return <LoadingBlock label="Loading the downline…" />;
  if (path.isError) return <Alert>{errorMessage(path.error)}</Alert>;

  return (
    <section className="page" aria-labelledby="downline-title">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        {path.data.map((step, index) => (
          <span key={step._id}>
            {index > 0 ? ' › ' : ''}
            {index === path.data.length - 1 ? (
              <span aria-current="page">{step.name || step.username}</span>
            ) : (
              <Link to={`/downline/${step._id}`}>{step.name || step.username}</Link>
            )}
          </span>
        ))}
      </nav>
      <header className="page-header">
        <h1 id="downline-title">Downline{here !== undefined ? ` of ${here.name || here.username}` : ''}</h1>
        {list.isFetching && list.data !== undefined ? <Spinner size="small" label="Updating" /> : null}
        {canCreate ? (
          <Button variant="primary" onClick={() => setCreating(true)}>
            Create account
          </Button>
        ) : null}
      </header>
      {routeId === undefined ? landing : null}
      <form className="filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <TextField
          label="Search the downline"
          type="search"
          placeholder="Name, username or mobile number"
          value={searchInput}
          maxLength={80}
          onChange={(event) => {
            setSearchInput(event.target.value);
            setPage(1);
          }}
        />
      </form>
      {list.isPending ? (
        <LoadingBlock label="Loading the downline…" />
      ) : list.isError && list.data === undefined ? (
        <Alert
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(list.error)}
        </Alert>
      ) : list.data === undefined || list.data.items.length === 0 ? (
        <EmptyState title={search !== '' ? 'No account in the downline matches' : 'No accounts here yet'} />
      ) : (
        <>
          <DownlineList users={list.data.items} extraColumns={extraColumns} />
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            label="Downline pages"
            onPageChange={setPage}
          />
        </>
      )}
      {creating && here !== undefined ? (
        <CreateAccountDialog
          upline={{ _id: here._id, name: here.name || here.username, role: here.role }}
          onClose={() => setCreating(false)}
        />
      ) : null}
    </section>
  );
}
