import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AGENT_ROLES, ROLE_NAMES } from '@khel/contract';
import type { BackofficeUser, RoleId } from '@khel/contract';
import { CsvButton } from '../../../components/ui/csv';
import type { CsvColumn, CsvValue } from '../../../components/ui/csv';
import { formatDateTime } from '../../../lib/format';

/** One column of the downline list: a header and what a row shows under it. */
export interface DownlineColumn {
  key: string;
  header: string;
  /** `page` is every row the list shows, so a column can read them all at once (one request, not one per row). */
  cell: (user: BackofficeUser, page: readonly BackofficeUser[]) => ReactNode;
  /**
   * The cell as plain text in the CSV download; left out of the file when absent. A column whose figures
   * the page reads through queries answers from the same queries (cached while fresh) with `client`.
   */
  csv?: (user: BackofficeUser, client: QueryClient) => CsvValue | Promise<CsvValue>;
}

const isAgent = (role: number) => AGENT_ROLES.includes(role as RoleId);

/**
 * The columns every downline list shows (name, username, role, status, created). Money columns
 * (Credit Ref, Balance, Exposure, Available, Ref P&L: the agents' money, issue 12 part 2) come in
 * through `extraColumns`, shown after Role, without touching these.
 */
export const DOWNLINE_COLUMNS: readonly DownlineColumn[] = [
  {
    key: 'name',
    header: 'Name',
    cell: (user) =>
      isAgent(user.role) ? (
        <Link
          to={`/downline/${user._id}`}
          className="row-link"
          aria-label={`Open the downline of ${user.name || user.username}`}
        >
          {user.name || user.username}
        </Link>
      ) : (
        <Link to={`/users/${user._id}`} className="row-link">
          {user.name || user.username}
        </Link>
      ),
    csv: (user) => user.name,
  },
  { key: 'username', header: 'Username', cell: (user) => user.username, csv: (user) => user.username },
  {
    key: 'role',
    header: 'Role',
    cell: (user) => ROLE_NAMES[user.role as RoleId] ?? `Role ${user.role}`,
    csv: (user) => ROLE_NAMES[user.role as RoleId] ?? `Role ${user.role}`,
  },
];

const TRAILING_COLUMNS: readonly DownlineColumn[] = [
  {
    key: 'status',
    header: 'Status',
    cell: (user) => (
      <span className={user.suspended ? 'badge badge-danger' : 'badge badge-ok'}>
        {user.suspended ? 'Suspended' : 'Active'}
      </span>
    ),
    csv: (user) => (user.suspended ? 'Suspended' : 'Active'),
  },
  { key: 'created', header: 'Created', cell: (user) => formatDateTime(user.createdAt), csv: (user) => user.createdAt },
  {
    key: 'lastSignIn',
    header: 'Last sign-in',
    cell: (user) => formatDateTime(user.lastLoginAt),
    csv: (user) => user.lastLoginAt,
  },
  {
    key: 'open',
    header: 'Account',
    cell: (user) => (
      <Link to={`/users/${user._id}`} className="btn btn-secondary btn-small">
        Details
      </Link>
    ),
  },
];

/** A table on wide screens, stacked cards on phones (CSS, data-label), like every list of the back office. */
export function DownlineList({
  users,
  extraColumns = [],
}: {
  users: BackofficeUser[];
  extraColumns?: readonly DownlineColumn[];
}) {
  const client = useQueryClient();
  const columns = [...DOWNLINE_COLUMNS, ...extraColumns, ...TRAILING_COLUMNS];
  const csvColumns: CsvColumn<BackofficeUser>[] = columns.map(({ header, csv }) => ({
    header,
    csv: csv === undefined ? undefined : (user) => csv(user, client),
  }));
  return (
    <>
      <div className="list-actions">
        <CsvButton columns={csvColumns} rows={users} fileName="downline.csv" />
      </div>
      <div className="table-scroll">
        <table className="data-table responsive-table" aria-label="Downline">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user._id}>
                {columns.map((column, index) => (
                  <td key={column.key} data-label={column.header} className={index === 0 ? 'cell-primary' : undefined}>
                    {column.cell(user, users)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
