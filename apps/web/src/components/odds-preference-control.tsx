import { useId } from 'react';
import { ODDS_CHANGE_MODES, oddsPreferenceText, type OddsChangeMode } from '@khel/contract';
import { DEFAULT_ODDS_PREFERENCE, useOddsPreference, useSaveOddsPreference } from '../lib/odds-preference';
import { t } from '../lib/i18n/i18n';

const TICK_CHOICES = [1, 2, 3, 5, 10] as const;

/**
 * The odds-change preference for bookmaker and fancy bets (issue 13), stored on the server and applied
 * there when a bet is accepted: exact odds only, accept better odds, or accept any change within N
 * ticks (a tick is one point of a rate or one run of a line). Shown in the bet slip and the account menu.
 */
export function OddsPreferenceControl({ compact = false }: { compact?: boolean }) {
  const query = useOddsPreference();
  const save = useSaveOddsPreference();
  const id = useId();
  const preference =
    save.isPending && save.variables
      ? { mode: save.variables.mode, ticks: save.variables.ticks ?? null }
      : (query.data ?? DEFAULT_ODDS_PREFERENCE);
  const ticks = preference.ticks ?? 1;
  const change = (mode: OddsChangeMode, nextTicks: number) =>
    save.mutate(mode === 'ticks' ? { mode, ticks: nextTicks } : { mode });

  return (
    <div className={`odds-preference${compact ? ' odds-preference--compact' : ''}`} data-testid="odds-preference">
      <label className="field__label" htmlFor={`${id}-mode`}>
        {t('When bookmaker or fancy odds change')}
      </label>
      <div className="odds-preference__row">
        <select
          id={`${id}-mode`}
          className="input"
          value={preference.mode}
          disabled={query.isPending || save.isPending}
          onChange={(event) => change(event.target.value as OddsChangeMode, ticks)}
          data-testid="odds-preference-mode"
        >
          {ODDS_CHANGE_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {mode === 'ticks' ? 'Accept any change within…' : oddsPreferenceText({ mode, ticks: null })}
            </option>
          ))}
        </select>
        {preference.mode === 'ticks' ? (
          <select
            className="input odds-preference__ticks"
            aria-label={t('Ticks')}
            value={ticks}
            disabled={save.isPending}
            onChange={(event) => change('ticks', Number(event.target.value))}
            data-testid="odds-preference-ticks"
          >
            {TICK_CHOICES.map((count) => (
              <option key={count} value={count}>
                {count} tick{count === 1 ? '' : 's'}
              </option>
            ))}
          </select>
        ) : null}
      </div>
      <p className="field__hint" role="status" data-testid="odds-preference-status">
        {save.isError
          ? t('Could not save, please try again')
          : save.isSuccess
            ? t('Saved: {preference}', { preference: oddsPreferenceText(preference) })
            : compact
              ? ''
              : t('A tick is one point of a rate or one run of a line.')}
      </p>
    </div>
  );
}
