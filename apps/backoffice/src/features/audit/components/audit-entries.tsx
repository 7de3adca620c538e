import { Link } from 'react-router';
import type { AuditEntry } from '@khel/contract';
import { CsvButton } from '../../../components/ui/csv';
import type { CsvColumn } from '../../../components/ui/csv';
import { formatDateTime } from '../../../lib/format';
import { AuditDetails, actionLabel } from './audit-details';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Target({ entry }: { entry: AuditEntry }) {
  if (entry.targetType === 'user' && entry.targetId !== null && UUID.test(entry.targetId)) {
    // The server names users ("Ravi Kumar (919876543210)"); a short id is only the fallback.
    return (
      <Link to={`/users/${entry.targetId}`} title={entry.targetId}>
        {entry.targetName ?? `User ${entry.targetId.slice(0, 8)}`}
      </Link>
    );
  }
  const kind = entry.targetType.replace(/_/g, ' ');
  return <span>{entry.targetName ? `${kind}: ${entry.targetName}` : kind}</span>;
}

/** 'Mozilla/5.0 (Linux; Android 14) … Chrome/131.0 Mobile Safari/537.36' → 'Chrome on Android'. */
export function browserSummary(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\/|Opera/.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|CriOS\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iOS/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser === null && system === null) return userAgent.slice(0, 40);
  return [browser ?? 'A browser', system === null ? null : `on ${system}`].filter(Boolean).join(' ');
}

/** The entries as a CSV file, details as their JSON. */
const AUDIT_CSV: CsvColumn<AuditEntry>[] = [
  { header: 'When', csv: (entry) => entry.createdAt },
  { header: 'Who', csv: (entry) => entry.actorName ?? entry.actorId },
  { header: 'What', csv: (entry) => entry.action },
  { header: 'Target type', csv: (entry) => entry.targetType },
  { header: 'Target', csv: (entry) => entry.targetName ?? entry.targetId },
  { header: 'Details', csv: (entry) => JSON.stringify(entry.details) },
  { header: 'IP', csv: (entry) => entry.ip },
  { header: 'Browser', csv: (entry) => entry.userAgent },
];

/** Newest first, as the server sends them. `showTarget` is off where the page is about one target. */
export function AuditEntries({ entries, showTarget = true }: { entries: AuditEntry[]; showTarget?: boolean }) {
  return (
    <>
      <div className="list-actions">
        <CsvButton columns={AUDIT_CSV} rows={entries} fileName="audit-log.csv" />
      </div>
      <table className="data-table responsive-table audit-table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            {showTarget ? <th scope="col">Target</th> : null}
            <th scope="col">Details</th>
            <th scope="col">From</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry._id}>
              <td data-label="When">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </td>
              <td data-label="Who">
                {entry.actorName ??
                  (entry.actorId === null
                    ? entry.action === 'operator.sign_in_failed'
                      ? 'Unknown (refused)'
                      : 'System'
                    : 'Unknown operator')}
              </td>
              <td data-label="What" className="cell-primary">
                {actionLabel(entry.action)}
              </td>
              {showTarget ? (
                <td data-label="Target">
                  <Target entry={entry} />
                </td>
              ) : null}
              <td data-label="Details">
                <AuditDetails details={entry.details} />
              </td>
              <td data-label="From" className="muted small">
                {entry.ip ?? '—'}
                {entry.userAgent === null ? null : (
                  <span className="audit-agent" title={entry.userAgent}>
                    {browserSummary(entry.userAgent)}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
