import { useState } from 'react';
import { Link } from 'react-router';
import { ERRORS, OPERATOR_ROLES, ROLE_IDS, ROLES } from '@khel/contract';
import type { BackofficeUser, PermissionFlags, Profile, RoleId, UserUpdateRequest } from '@khel/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectField } from '../../../components/ui/field';
import { LoadingBlock } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { errorMessage } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth/get-user-data';
import { formatDateTime, formatMobileNo } from '../../../lib/format';
import { useUser } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { SuspendDialog } from './suspend-dialog';
import { UserStatusBadge } from './user-status';
import { roleName } from './users-list';

type Flag = keyof PermissionFlags | 'referralAllow';

const FLAGS: { key: Flag; label: string; description: string }[] = [
  { key: 'allowHome', label: 'Sports home', description: 'Sees the sports home and can bet on events' },
  { key: 'allowLiveCasino', label: 'Live casino', description: 'Can open live casino tables' },
  { key: 'allowSlots', label: 'Slots', description: 'Can open slot games' },
  { key: 'allowStatements', label: 'Statements', description: 'Can read account statements' },
  { key: 'allowProfitLoss', label: 'Profit & loss', description: 'Can read the profit and loss report' },
  { key: 'referralAllow', label: 'Referrals', description: 'Can refer friends with their referral code' },
];

/** What the signed-in operator may change on this account: the server enforces the same rules. */
function permissionsFor(actor: Profile | undefined, target: BackofficeUser) {
  const actorIsDirector = actor?.role === ROLES.DIRECTOR;
  const self = actor?._id === target._id;
  const targetIsOperator = OPERATOR_ROLES.includes(target.role as RoleId);
  // Separation of duties (issue 9): nobody changes anything on their own account.
  const canEdit = actor !== undefined && !self && (actorIsDirector || !targetIsOperator);
  return {
    showRole: actorIsDirector,
    // Agents change permission flags and suspension only (decision 0018).
    referralFlag: actor !== undefined && OPERATOR_ROLES.includes(actor.role as RoleId),
    canChangeRole: actorIsDirector && !self,
    canEdit,
    canSuspend: canEdit,
    reason: self
      ? `${ERRORS.SELF_SERVICE_REFUSED.message}.`
      : !canEdit
        ? 'Only a director may change operator accounts.'
        : null,
  };
}

export function UserDetail({ userId }: { userId: string }) {
  const profile = useProfile();
  const query = useUser(userId);
  const update = useUpdateUser(userId);
  const [pendingFlag, setPendingFlag] = useState<Flag | null>(null);
  const [suspendOpen, setSuspendOpen] = useState(false);
  const [unsuspendOpen, setUnsuspendOpen] = useState(false);
  const [roleDraft, setRoleDraft] = useState<number | null>(null);
  const [roleConfirmOpen, setRoleConfirmOpen] = useState(false);

  if (query.isPending) return <LoadingBlock label="Loading user…" />;
  if (query.isError) {
    return (
      <Alert
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(query.error)}
      </Alert>
    );
  }

  const user = query.data;
  const rights = permissionsFor(profile.data, user);
  const displayName = user.name || user.username;

  function save(body: UserUpdateRequest, after?: () => void) {
    update.mutate(body, { onSuccess: after, onSettled: () => setPendingFlag(null) });
  }

  return (
    <div className="user-detail">
      <header className="page-header">
        <div>
          <p className="breadcrumbs">
            {rights.referralFlag ? <Link to="/users">Users</Link> : <Link to="/downline">Downline</Link>} /{' '}
            {displayName}
          </p>
          <h1 id="user-title">
            {displayName} <UserStatusBadge user={user} />
          </h1>
        </div>
      </header>

      {rights.reason !== null ? <Alert kind="info">{rights.reason}</Alert> : null}

      <div className="detail-grid">
        <section className="card" aria-labelledby="facts-title">
          <h2 id="facts-title">Account</h2>
          <dl className="facts">
            <dt>Username</dt>
            <dd>{user.username}</dd>
            <dt>Mobile</dt>
            <dd>
              {formatMobileNo(user.mobile_no)}{' '}
              {user.phoneVerified ? null : <span className="badge badge-muted">not verified</span>}
            </dd>
            <dt>Role</dt>
            <dd>{roleName(user.role)}</dd>
            <dt>Referral code</dt>
            <dd>{user.referralCode || '—'}</dd>
            <dt>Joined</dt>
            <dd>{formatDateTime(user.createdAt)}</dd>
            <dt>Last login</dt>
            <dd>{formatDateTime(user.lastLoginAt)}</dd>
            {user.selfExcludedUntil !== null ? (
              <>
                <dt>Self-excluded until</dt>
                <dd>{formatDateTime(user.selfExcludedUntil)}</dd>
              </>
            ) : null}
          </dl>
        </section>

        {rights.showRole ? (
          <section className="card" aria-labelledby="role-title">
            <h2 id="role-title">Role</h2>
            <SelectField
              label="Role"
              value={String(roleDraft ?? user.role)}
              disabled={!rights.canChangeRole || update.isPending}
              hint={
                rights.canChangeRole
                  ? 'Operator roles can sign in to this back office.'
                  : 'You cannot change your own role.'
              }
              onChange={(event) => setRoleDraft(Number(event.target.value))}
            >
              {ROLE_IDS.map((id) => (
                <option key={id} value={id}>
                  {roleName(id)}
                </option>
              ))}
            </SelectField>
            {roleDraft !== null && roleDraft !== user.role ? (
              <div className="button-row">
                <Button variant="primary" onClick={() => setRoleConfirmOpen(true)} disabled={update.isPending}>
                  Save role
                </Button>
                <Button onClick={() => setRoleDraft(null)} disabled={update.isPending}>
                  Cancel
                </Button>
              </div>
            ) : null}
          </section>
        ) : null}

        <section className="card" aria-labelledby="permissions-title">
          <h2 id="permissions-title">Permissions</h2>
          <div className="switch-list">
            {FLAGS.filter((flag) => rights.referralFlag || flag.key !== 'referralAllow').map((flag) => (
              <Switch
                key={flag.key}
                label={flag.label}
                description={flag.description}
                checked={user[flag.key]}
                disabled={!rights.canEdit || (update.isPending && pendingFlag !== flag.key)}
                busy={pendingFlag === flag.key}
                onChange={(checked) => {
                  setPendingFlag(flag.key);
                  save({ [flag.key]: checked });
                }}
              />
            ))}
          </div>
        </section>

        <section className="card" aria-labelledby="suspension-title">
          <h2 id="suspension-title">Suspension</h2>
          {user.suspended ? (
            <>
              <p>
                Suspended{user.suspendedReason ? ':' : '.'}{' '}
                {user.suspendedReason ? <q>{user.suspendedReason}</q> : null}
              </p>
              <Button
                variant="primary"
                disabled={!rights.canSuspend || update.isPending}
                onClick={() => setUnsuspendOpen(true)}
              >
                Unsuspend
              </Button>
            </>
          ) : (
            <>
              <p className="muted">A suspended account is logged out at once and cannot log in, bet or deposit.</p>
              <Button
                variant="danger"
                disabled={!rights.canSuspend || update.isPending}
                onClick={() => setSuspendOpen(true)}
              >
                Suspend…
              </Button>
            </>
          )}
        </section>
      </div>

      {/* Mounted only while open, so a new suspension never starts from an old reason. */}
      {suspendOpen ? (
        <SuspendDialog
          open
          userName={displayName}
          busy={update.isPending}
          onClose={() => setSuspendOpen(false)}
          onConfirm={(reason) => save({ suspended: true, suspendedReason: reason }, () => setSuspendOpen(false))}
        />
      ) : null}
      <ConfirmDialog
        open={roleConfirmOpen && roleDraft !== null}
        title={`Change the role of ${displayName}`}
        confirmLabel="Change role"
        busy={update.isPending}
        onClose={() => setRoleConfirmOpen(false)}
        onConfirm={() =>
          save({ role: roleDraft as RoleId }, () => {
            setRoleConfirmOpen(false);
            setRoleDraft(null);
          })
        }
      >
        <p>
          {roleName(user.role)} → <strong>{roleName(roleDraft ?? user.role)}</strong>
        </p>
        {/* Granting or removing back-office access is the change most worth a second look. */}
        {OPERATOR_ROLES.includes((roleDraft ?? user.role) as RoleId) &&
        !OPERATOR_ROLES.includes(user.role as RoleId) ? (
          <p>This gives {displayName} access to the back office.</p>
        ) : null}
        {!OPERATOR_ROLES.includes((roleDraft ?? user.role) as RoleId) &&
        OPERATOR_ROLES.includes(user.role as RoleId) ? (
          <p>This removes {displayName}&apos;s access to the back office.</p>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={unsuspendOpen}
        title={`Unsuspend ${displayName}`}
        confirmLabel="Unsuspend"
        busy={update.isPending}
        onClose={() => setUnsuspendOpen(false)}
        onConfirm={() => save({ suspended: false }, () => setUnsuspendOpen(false))}
      >
        <p>{displayName} will be able to log in again.</p>
      </ConfirmDialog>
    </div>
  );
}
