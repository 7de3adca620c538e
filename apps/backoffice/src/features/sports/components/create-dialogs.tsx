import { useState } from 'react';
import { useNavigate } from 'react-router';
import { eventCreateSchema, leagueCreateSchema, sportCreateSchema } from '@khel/contract';
import type { Sport } from '@khel/contract';
import { SelectField, TextField } from '../../../components/ui/field';
import { eventPath, getEvents } from '../api/get-events';
import { useCreateEvent, useCreateLeague, useCreateSport } from '../api/manage-events';
import { FormDialog } from './form-dialog';
import { fieldErrors, fromIndiaLocal, serverErrors } from './form-errors';
import type { FieldErrors } from './form-errors';

export function CreateSportDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateSport();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  function submit() {
    const parsed = sportCreateSchema.safeParse({ name });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    create.mutate(parsed.data, { onSuccess: onClose, onError: (error) => setErrors(serverErrors(error, ['name'])) });
  }

  return (
    <FormDialog title="Add a sport" submitLabel="Add sport" busy={create.isPending} onSubmit={submit} onClose={onClose}>
      <TextField
        label="Name"
        value={name}
        maxLength={60}
        error={errors.name}
        hint="As players see it, e.g. Kabaddi."
        onChange={(event) => setName(event.target.value)}
      />
    </FormDialog>
  );
}

export function CreateLeagueDialog({
  sports,
  sportId,
  onClose,
}: {
  sports: Sport[];
  sportId: string | undefined;
  onClose: () => void;
}) {
  const create = useCreateLeague();
  const [form, setForm] = useState({ sportId: sportId ?? sports[0]?._id ?? '', name: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  function submit() {
    const parsed = leagueCreateSchema.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: onClose,
      onError: (error) => setErrors(serverErrors(error, ['sportId', 'name'])),
    });
  }

  return (
    <FormDialog
      title="Add a league"
      submitLabel="Add league"
      busy={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label="Sport"
        value={form.sportId}
        error={errors.sportId}
        onChange={(event) => setForm({ ...form, sportId: event.target.value })}
      >
        {sports.map((sport) => (
          <option key={sport._id} value={sport._id}>
            {sport.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Name"
        value={form.name}
        maxLength={80}
        error={errors.name}
        hint="e.g. Indian Premier League."
        onChange={(event) => setForm({ ...form, name: event.target.value })}
      />
    </FormDialog>
  );
}

export function CreateEventDialog({
  sports,
  leagueId,
  onClose,
}: {
  sports: Sport[];
  leagueId: string | undefined;
  onClose: () => void;
}) {
  const create = useCreateEvent();
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  const firstLeague = sports.flatMap((sport) => sport.leagues)[0]?._id ?? '';
  const [form, setForm] = useState({ leagueId: leagueId ?? firstLeague, name: '', start: '', streamUrl: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  function submit() {
    const startTime = fromIndiaLocal(form.start);
    const parsed = eventCreateSchema.safeParse({
      leagueId: form.leagueId,
      name: form.name,
      startTime,
      streamUrl: form.streamUrl.trim() === '' ? undefined : form.streamUrl.trim(),
    });
    if (!parsed.success) {
      const next = fieldErrors(parsed.error.issues);
      if (next.startTime !== undefined) next.startTime = 'Choose the start date and time';
      if (next.streamUrl !== undefined) next.streamUrl = 'Enter a full address (https://…) or leave it empty';
      return setErrors(next);
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ data }) => void openCreated(data._id, parsed.data.leagueId),
      onError: (error) => setErrors(serverErrors(error, ['leagueId', 'name', 'startTime', 'streamUrl'])),
    });
  }

  /** The next step is adding markets, so the new event's page opens (the answer carries only its id). */
  async function openCreated(id: string, leagueId: string) {
    setOpening(true);
    const sport = sports.find((candidate) => candidate.leagues.some((league) => league._id === leagueId));
    const league = sport?.leagues.find((candidate) => candidate._id === leagueId);
    try {
      const created =
        sport && league
          ? (await getEvents({ sport: sport.slugName, league: league.slugName })).find((event) => event._id === id)
          : undefined;
      if (created !== undefined) return navigate(eventPath(created));
    } catch {
      // The list shows it after its refresh.
    }
    onClose();
  }

  return (
    <FormDialog
      title="Add an event"
      submitLabel="Add event"
      busy={create.isPending || opening}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label="League"
        value={form.leagueId}
        error={errors.leagueId}
        onChange={(event) => setForm({ ...form, leagueId: event.target.value })}
      >
        {sports.map((sport) => (
          <optgroup key={sport._id} label={sport.name}>
            {sport.leagues.map((league) => (
              <option key={league._id} value={league._id}>
                {league.name}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
      <TextField
        label="Name"
        value={form.name}
        maxLength={120}
        error={errors.name}
        hint="Home v Away, e.g. India v Australia."
        onChange={(event) => setForm({ ...form, name: event.target.value })}
      />
      <TextField
        label="Starts (India time)"
        type="datetime-local"
        value={form.start}
        error={errors.startTime}
        onChange={(event) => setForm({ ...form, start: event.target.value })}
      />
      <TextField
        label="Stream address (optional)"
        type="url"
        inputMode="url"
        value={form.streamUrl}
        maxLength={500}
        error={errors.streamUrl}
        hint="Players see the live stream beside the markets."
        onChange={(event) => setForm({ ...form, streamUrl: event.target.value })}
      />
    </FormDialog>
  );
}
