import { useEffect } from 'react';
import type { EventDetail } from '@khel/contract';
import { useMediaQuery } from '@khel/web-kit';
import { DESKTOP_QUERY } from '../../../lib/breakpoints';
import { closeSlip, restoreSlip, useBetSlip } from '../hooks/use-bet-slip';
import { BetSlip } from './bet-slip';
import { t } from '../../../lib/i18n/i18n';
import { useBackClose } from '../../../lib/back-close';

/**
 * Where the slip lives: inline beside the markets on desktop, a bottom sheet over the page on phones
 * (tapping a price opens it). Keyed by the tap, so every tap starts a fresh slip. A reload of the page
 * brings back the slip that was open on this event (issue 31); leaving the event closes it.
 */
export function SlipHost({ event = null }: { event?: EventDetail | null }) {
  const selection = useBetSlip();
  const desktop = useMediaQuery(DESKTOP_QUERY);

  useEffect(() => {
    restoreSlip(event === null ? null : { eventId: event._id, markets: event.markets });
    return () => closeSlip();
    // Once per page: later refetches of the event must not reopen a slip the player closed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [event?._id]);
  // On a phone the slip is a sheet: Android's Back closes it instead of leaving the event.
  useBackClose(!desktop && selection !== null, closeSlip);
  useEffect(() => {
    if (desktop || selection === null) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeSlip();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [desktop, selection]);

  if (desktop) {
    return (
      <aside className="slip-column" aria-label={t('Bet slip area')}>
        {selection ? (
          <BetSlip key={selection.tapId} selection={selection} variant="inline" />
        ) : (
          <div className="slip slip--empty" data-testid="slip-empty">
            <p className="slip__title">
              <strong>{t('Bet slip')}</strong>
            </p>
            <p className="muted">{t('Tap a back or lay price to start a bet.')}</p>
          </div>
        )}
      </aside>
    );
  }
  if (selection === null) return null;
  return (
    <div className="sheet" role="dialog" aria-modal="true" aria-label={t('Bet slip')}>
      <div className="sheet__scrim" aria-hidden="true" onClick={closeSlip} />
      <div className="sheet__panel">
        <BetSlip key={selection.tapId} selection={selection} variant="sheet" />
      </div>
    </div>
  );
}
