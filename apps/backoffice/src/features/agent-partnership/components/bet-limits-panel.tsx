import { useState } from 'react';
import type { FormEvent } from 'react';
import type { BetLimits, BetLimitsUpdate } from '@khel/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useBetLimits, useLimitCatalogue, useSetBetLimits } from '../api/agent-partnership';

interface LimitDraft {
  sportId: string;
  minStake: string;
  maxStake: string;
  maxProfit: string;
}

const amount = (text: string) => (text.trim() === '' ? null : Number(text));
const shown = (value: number | null) => (value === null ? '—' : `₹${value.toLocaleString('en-IN')}`);

function draftOf(limits: BetLimits): { limits: LimitDraft[]; sports: string[]; events: string[] } {
  return {
    limits: limits.limits.map((line) => ({
      sportId: line.sportId,
      minStake: line.minStake?.toString() ?? '',
      maxStake: line.maxStake?.toString() ?? '',
      maxProfit: line.maxProfit?.toString() ?? '',
    })),
    sports: limits.blockedSports.map((sport) => sport.id),
    events: limits.blockedEvents.map((event) => event.id),
  };
}

/**
 * Bet limits per sport and blocked sports or events for an account and everything below it, or for
 * the caller's whole downline (`ownerId` null). The tightest of the whole upline chain applies.
 */
export function BetLimitsPanel({ ownerId, canEdit }: { ownerId: string | null; canEdit: boolean }) {
  const limits = useBetLimits(ownerId);
  const { sports, events } = useLimitCatalogue();
  const save = useSetBetLimits(ownerId);
  const [draft, setDraft] = useState<ReturnType<typeof draftOf> | null>(null);

  if (limits.isPending) return <LoadingBlock label="Loading limits…" />;
  if (limits.isError) return <Alert>{errorMessage(limits.error)}</Alert>;
  const values = draft ?? draftOf(limits.data);
  const sportName = (id: string) =>
    sports.data?.find((sport) => sport._id === id)?.name ??
    limits.data.limits.find((line) => line.sportId === id)?.sportName ??
    id;
  const unusedSports = (sports.data ?? []).filter((sport) => !values.limits.some((line) => line.sportId === sport._id));
  const setLine = (index: number, change: Partial<LimitDraft>) =>
    setDraft({ ...values, limits: values.limits.map((line, at) => (at === index ? { ...line, ...change } : line)) });
  const toggle = (list: 'sports' | 'events', id: string) =>
    setDraft({
      ...values,
      [list]: values[list].includes(id) ? values[list].filter((item) => item !== id) : [...values[list], id],
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: BetLimitsUpdate = {
      limits: values.limits.map((line) => ({
        sportId: line.sportId,
        minStake: amount(line.minStake),
        maxStake: amount(line.maxStake),
        maxProfit: amount(line.maxProfit),
      })),
      blockedSports: values.sports,
      blockedEvents: values.events,
    };
    save.mutate(body, { onSuccess: () => setDraft(null) });
  }

  // The events players can see now, and any event blocked here that no longer shows (so it can be unblocked).
  const listed = (events.data ?? []).map((event) => ({
    id: event._id,
    label: `${event.sport.name} / ${event.name}${event.inPlay ? ' (in play)' : ''}`,
  }));
  const blockable = [
    ...listed,
    ...limits.data.blockedEvents
      .filter((event) => !listed.some((shown) => shown.id === event.id))
      .map((event) => ({ id: event.id, label: event.name })),
  ];
  const inherited = limits.data.inherited;
  return (
    <section className="card" aria-labelledby="bet-limits-title">
      <h2 id="bet-limits-title">{ownerId === null ? 'Limits for your whole downline' : 'Bet limits and blocks'}</h2>
      <p className="muted">
        Every account below is bound too. Your rules add to those set above; the tightest figure applies and a block
        anywhere blocks.
      </p>
      <form onSubmit={submit} noValidate aria-label="Bet limits and blocks">
        <div className="limit-lines">
          {values.limits.map((line, index) => (
            <fieldset key={line.sportId} className="limit-line">
              <legend>{sportName(line.sportId)}</legend>
              <TextField
                label="Min stake (₹)"
                inputMode="decimal"
                value={line.minStake}
                disabled={!canEdit}
                onChange={(event) => setLine(index, { minStake: event.target.value })}
              />
              <TextField
                label="Max stake (₹)"
                inputMode="decimal"
                value={line.maxStake}
                disabled={!canEdit}
                onChange={(event) => setLine(index, { maxStake: event.target.value })}
              />
              <TextField
                label="Max profit (₹)"
                inputMode="decimal"
                value={line.maxProfit}
                disabled={!canEdit}
                onChange={(event) => setLine(index, { maxProfit: event.target.value })}
              />
              {canEdit ? (
                <Button
                  size="small"
                  variant="ghost"
                  onClick={() => setDraft({ ...values, limits: values.limits.filter((_, at) => at !== index) })}
                >
                  Remove {sportName(line.sportId)} limits
                </Button>
              ) : null}
            </fieldset>
          ))}
        </div>
        {canEdit && unusedSports.length > 0 ? (
          <SelectField
            label="Add limits for a sport"
            value=""
            onChange={(event) => {
              if (event.target.value !== '')
                setDraft({
                  ...values,
                  limits: [
                    ...values.limits,
                    { sportId: event.target.value, minStake: '', maxStake: '', maxProfit: '' },
                  ],
                });
            }}
          >
            <option value="">Choose a sport…</option>
            {unusedSports.map((sport) => (
              <option key={sport._id} value={sport._id}>
                {sport.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        <fieldset className="block-list">
          <legend>Blocked sports</legend>
          {(sports.data ?? []).map((sport) => (
            <label key={sport._id} className="checkbox-row">
              <input
                type="checkbox"
                checked={values.sports.includes(sport._id)}
                disabled={!canEdit}
                onChange={() => toggle('sports', sport._id)}
              />{' '}
              {sport.name}
            </label>
          ))}
        </fieldset>
        <fieldset className="block-list">
          <legend>Blocked events</legend>
          {events.isError ? <Alert>{errorMessage(events.error)}</Alert> : null}
          {blockable.length === 0 && !events.isPending ? (
            <p className="muted small">No upcoming or in-play events.</p>
          ) : null}
          {blockable.map((event) => (
            <label key={event.id} className="checkbox-row">
              <input
                type="checkbox"
                checked={values.events.includes(event.id)}
                disabled={!canEdit}
                onChange={() => toggle('events', event.id)}
              />{' '}
              {event.label}
            </label>
          ))}
        </fieldset>
        {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
        {canEdit ? (
          <Button type="submit" variant="primary" busy={save.isPending}>
            Save limits
          </Button>
        ) : null}
      </form>
      <h3>What binds {ownerId === null ? 'your downline' : 'this account'} from every upline</h3>
      {inherited.limits.length === 0 && inherited.blockedSports.length === 0 && inherited.blockedEvents.length === 0 ? (
        <p className="muted">No limits or blocks beyond each market&apos;s own.</p>
      ) : (
        <ul className="inherited-limits">
          {inherited.limits.map((line) => (
            <li key={line.sportId}>
              {line.sportName}: min {shown(line.minStake)}, max {shown(line.maxStake)}, max profit{' '}
              {shown(line.maxProfit)}
            </li>
          ))}
          {inherited.blockedSports.map((sport) => (
            <li key={sport.id}>Blocked sport: {sport.name}</li>
          ))}
          {inherited.blockedEvents.map((event) => (
            <li key={event.id}>Blocked event: {event.name}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
