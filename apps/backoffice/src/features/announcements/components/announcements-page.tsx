import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Announcement } from '@khel/contract';
import { ANNOUNCEMENT_MAX_CHARS, announcementRequestSchema } from '@khel/contract';
import type { DataColumn } from '@khel/web-kit';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CsvButton } from '../../../components/ui/csv';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { DataTable, QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAnnouncements, useDeleteAnnouncement, useSaveAnnouncement } from '../api/announcements';
import { fromIndiaLocal, toIndiaLocal } from './india-time';

const STATUS_NAMES: Record<Announcement['status'], string> = {
  scheduled: 'Scheduled',
  active: 'Showing',
  ended: 'Ended',
};

interface Draft {
  id: string | null;
  message: string;
  startsAt: string;
  endsAt: string;
}

function newDraft(): Draft {
  const now = new Date().toISOString();
  return {
    id: null,
    message: '',
    startsAt: toIndiaLocal(now),
    endsAt: toIndiaLocal(new Date(Date.now() + 86_400_000).toISOString()),
  };
}

/** Post or edit one line, checked by the contract's schema before it is sent. */
function AnnouncementForm({ draft, onDone }: { draft: Draft; onDone: () => void }) {
  const save = useSaveAnnouncement();
  const [value, setValue] = useState(draft);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = announcementRequestSchema.safeParse({
      message: value.message,
      startsAt: value.startsAt === '' ? '' : fromIndiaLocal(value.startsAt),
      endsAt: value.endsAt === '' ? '' : fromIndiaLocal(value.endsAt),
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    save.mutate({ id: value.id, body: parsed.data }, { onSuccess: onDone });
  }

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="announcement-form-title">
      <h2 id="announcement-form-title">{value.id === null ? 'Post an announcement' : 'Edit the announcement'}</h2>
      <TextAreaField
        label="Message"
        rows={2}
        maxLength={ANNOUNCEMENT_MAX_CHARS}
        value={value.message}
        error={errors.message}
        hint={`${value.message.length}/${ANNOUNCEMENT_MAX_CHARS}: players see it scroll under the header`}
        onChange={(event) => setValue({ ...value, message: event.target.value })}
      />
      <div className="adjustment-fields">
        <TextField
          label="Starts (IST)"
          type="datetime-local"
          value={value.startsAt}
          error={errors.startsAt}
          onChange={(event) => setValue({ ...value, startsAt: event.target.value })}
        />
        <TextField
          label="Ends (IST)"
          type="datetime-local"
          value={value.endsAt}
          error={errors.endsAt}
          onChange={(event) => setValue({ ...value, endsAt: event.target.value })}
        />
      </div>
      {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
      <div className="button-row">
        <Button type="submit" variant="primary" busy={save.isPending}>
          {value.id === null ? 'Post' : 'Save'}
        </Button>
        {value.id !== null ? <Button onClick={onDone}>Cancel</Button> : null}
      </div>
    </form>
  );
}

/**
 * Announcements (issue 28, decision 0065): a director's reach every player, an agent's the players of
 * its downline, between their start and end. Listed here with the ones the caller's downline agents posted.
 */
export function AnnouncementsPage() {
  const list = useAnnouncements();
  const remove = useDeleteAnnouncement();
  const [draft, setDraft] = useState<Draft>(newDraft);
  const [formKey, setFormKey] = useState(0);
  const [toDelete, setToDelete] = useState<Announcement | null>(null);
  const reset = () => {
    setDraft(newDraft());
    setFormKey((n) => n + 1);
  };

  const columns: DataColumn<Announcement>[] = [
    { header: 'Message', cell: (row) => row.message },
    { header: 'Status', cell: (row) => STATUS_NAMES[row.status] },
    { header: 'Starts', cell: (row) => formatDateTime(row.startsAt) },
    { header: 'Ends', cell: (row) => formatDateTime(row.endsAt) },
    {
      header: 'Players',
      cell: (row) =>
        row.audience === null ? 'Every player' : `Downline of ${row.audience.name || row.audience.username}`,
    },
    { header: 'Posted by', cell: (row) => row.author.name || row.author.username },
    {
      header: 'Actions',
      cell: (row) => (
        <div className="button-row">
          <Button
            size="small"
            aria-label={`Edit “${row.message}”`}
            onClick={() => {
              setDraft({
                id: row._id,
                message: row.message,
                startsAt: toIndiaLocal(row.startsAt),
                endsAt: toIndiaLocal(row.endsAt),
              });
              setFormKey((n) => n + 1);
            }}
          >
            Edit
          </Button>
          <Button size="small" variant="danger" aria-label={`Delete “${row.message}”`} onClick={() => setToDelete(row)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];
  const csvColumns = [
    { header: 'Message', csv: (row: Announcement) => row.message },
    { header: 'Status', csv: (row: Announcement) => STATUS_NAMES[row.status] },
    { header: 'Starts', csv: (row: Announcement) => row.startsAt },
    { header: 'Ends', csv: (row: Announcement) => row.endsAt },
    { header: 'Players', csv: (row: Announcement) => (row.audience === null ? 'Every player' : row.audience.username) },
    { header: 'Posted by', csv: (row: Announcement) => row.author.username },
  ];

  return (
    <section className="page" aria-labelledby="announcements-title">
      <header className="page-header">
        <h1 id="announcements-title">Announcements</h1>
      </header>
      <p className="muted">
        A news line for your players: it scrolls under the player app’s header from its start to its end.
      </p>
      <AnnouncementForm key={formKey} draft={draft} onDone={reset} />
      <QueryState query={list} retry emptyTitle="No announcements yet">
        {(items) => (
          <>
            <div className="list-actions">
              <CsvButton columns={csvColumns} rows={items} fileName="announcements.csv" />
            </div>
            <DataTable label="Announcements" rows={items} rowKey={(row) => row._id} columns={columns} />
          </>
        )}
      </QueryState>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this announcement?"
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete !== null) remove.mutate(toDelete._id, { onSuccess: () => setToDelete(null) });
        }}
      >
        <p>{toDelete?.message}</p>
        <p>Players stop seeing it at once.</p>
      </ConfirmDialog>
    </section>
  );
}
