import { Link } from 'react-router';
import { ROLE_NAMES } from '@khel/contract';
import type { BackofficeUser, RoleId } from '@khel/contract';
import { CsvButton } from '../../../components/ui/csv';
import type { CsvColumn } from '../../../components/ui/csv';
import { formatDateTime, formatMobileNo } from '../../../lib/format';
import { UserStatusBadge } from './user-status';

export function roleName(role: number): string {
  return ROLE_NAMES[role as RoleId] ?? `Role ${role}`;
}

/** The list as a CSV file: the page shown, every column as plain text. */
const USERS_CSV: CsvColumn<BackofficeUser>[] = [
  { header: 'Name', csv: (user) => user.name },
  { header: 'Username', csv: (user) => user.username },
  { header: 'Mobile', csv: (user) => user.mobile_no },
  { header: 'Role', csv: (user) => roleName(user.role) },
  { header: 'Suspended', csv: (user) => (user.suspended ? 'yes' : 'no') },
  { header: 'Joined', csv: (user) => user.createdAt },
  { header: 'Last login', csv: (user) => user.lastLoginAt },
];

/** One markup for both layouts: a table on wide screens, stacked cards on phones (CSS, data-label). */
export function UsersList({ users }: { users: BackofficeUser[] }) {
  return (
    <>
      <div className="list-actions">
        <CsvButton columns={USERS_CSV} rows={users} fileName="users.csv" />
      </div>
      <table className="data-table responsive-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Mobile</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Joined</th>
            <th scope="col">Last login</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user._id}>
              <td data-label="Name" className="cell-primary">
                <div>
                  <Link to={`/users/${user._id}`} className="row-link">
                    {user.name || user.username}
                  </Link>
                  <span className="muted small">{user.username}</span>
                </div>
              </td>
              <td data-label="Mobile">{formatMobileNo(user.mobile_no)}</td>
              <td data-label="Role">{roleName(user.role)}</td>
              <td data-label="Status">
                <UserStatusBadge user={user} />
              </td>
              <td data-label="Joined">{formatDateTime(user.createdAt)}</td>
              <td data-label="Last login">{formatDateTime(user.lastLoginAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
