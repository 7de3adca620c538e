import { useState } from 'react';
import { EVENT_STATUSES, eventUpdateSchema } from '@khel/contract';
import type { EventDetail, EventStatus } from '@khel/contract';
import { SelectField, TextField } from '../../../components/ui/field';
import { useUpdateEvent } from '../api/manage-events';
import { FormDialog } from './form-dialog';
import { fieldErrors, fromIndiaLocal, serverErrors, toIndiaLocal } from './form-errors';
import type { FieldErrors } from './form-errors';
import { EVENT_STATUS_LABELS } from './market-labels';

/** State, start time and stream of an event; only what changed is sent. */
export function EditEventDialog({ event, onClose }: { event: EventDetail; onClose: () => void }) {
  const update = useUpdateEvent();
  const [form, setForm] = useState({
    status: event.status,
    start: toIndiaLocal(event.startTime),
    streamUrl: event.streamUrl ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});

  function submit() {
    const body: Record<string, unknown> = {};
    if (form.status !== event.status) body.status = form.status;
    if (form.start !== toIndiaLocal(event.startTime)) body.startTime = fromIndiaLocal(form.start);
    const stream = form.streamUrl.trim() === '' ? null : form.streamUrl.trim();
    if (stream !== event.streamUrl) body.streamUrl = stream;
    if (Object.keys(body).length === 0) return onClose();
    const parsed = eventUpdateSchema.safeParse(body);
    if (!parsed.success) {
      const next = fieldErrors(parsed.error.issues);
      if (next.startTime !== undefined) next.startTime = 'Choose the start date and time';
      if (next.streamUrl !== undefined) next.streamUrl = 'Enter a full address (https://…) or leave it empty';
      return setErrors(next);
    }
    setErrors({});
    update.mutate(
      { id: event._id, body: parsed.data },
      { onSuccess: onClose, onError: (error) => setErrors(serverErrors(error, ['status', 'startTime', 'streamUrl'])) },
    );
  }

  return (
    <FormDialog
      title={`Edit ${event.name}`}
      submitLabel="Save event"
      busy={update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label="State"
        value={form.status}
        error={errors.status}
        hint={
          form.status === 'cancelled'
            ? 'Cancelling does not void the markets: void each one so every stake goes back.'
            : undefined
        }
        onChange={(change) => setForm({ ...form, status: change.target.value as EventStatus })}
      >
        {EVENT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {EVENT_STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Starts (India time)"
        type="datetime-local"
        value={form.start}
        error={errors.startTime}
        onChange={(change) => setForm({ ...form, start: change.target.value })}
      />
      <TextField
        label="Stream address"
        type="url"
        inputMode="url"
        value={form.streamUrl}
        maxLength={500}
        error={errors.streamUrl}
        hint="Empty: players read that there is no stream."
        onChange={(change) => setForm({ ...form, streamUrl: change.target.value })}
      />
    </FormDialog>
  );
}
