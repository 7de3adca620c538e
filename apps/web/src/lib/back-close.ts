import { useEffect, useRef } from 'react';

/**
 * Android's Back (and the browser's) closes the sheet on top instead of leaving the page (issue 31).
 *
 * While any sheet is open, the current history entry is a copy of the page's entry marked
 * `khelSheet` (one entry for all open sheets: a dialog opened from the drawer reuses the drawer's).
 * The router's own fields (key, index) are copied, so React Router sees a Back from it as a move to
 * the same place, not a navigation. Back pops the marker: the top sheet closes, and a marker is
 * pushed again if another sheet is still open. A sheet closed any other way takes its marker back
 * off the history, so one Back afterwards leaves the page as it always did. Links inside an open sheet
 * are `replace` links (they replace the marker), so Back from where they lead returns to the page.
 */
interface OpenSheet {
  close: () => void;
  closedByBack: boolean;
}

const sheets: OpenSheet[] = [];
let listening = false;
let settleTimer: ReturnType<typeof setTimeout> | null = null;
/** Our own Back (taking a marker off) is on its way: its popstate closes nothing. */
let ownBacks = 0;
/** Who waits for the history to settle (no marker about to come off, none on its way). */
let settleWaiters: Array<() => void> = [];

function wakeIfSettled(): void {
  if (settleTimer !== null || ownBacks > 0) return;
  const ready = settleWaiters;
  settleWaiters = [];
  ready.forEach((resolve) => resolve());
}

function onMarker(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && (state as { khelSheet?: unknown }).khelSheet === true;
}

function pushMarker(): void {
  const state: unknown = window.history.state;
  window.history.pushState({ ...(typeof state === 'object' && state !== null ? state : {}), khelSheet: true }, '');
}

function onPopState(): void {
  if (ownBacks > 0) {
    ownBacks -= 1;
    // A sheet opened while our Back was on its way found the old marker: it needs one of its own.
    if (sheets.length > 0 && !onMarker()) pushMarker();
    wakeIfSettled();
    return;
  }
  if (sheets.length === 0 || onMarker()) return;
  const top = sheets[sheets.length - 1] as OpenSheet;
  top.closedByBack = true;
  sheets.pop();
  top.close();
  if (sheets.length > 0) pushMarker();
}

function register(close: () => void): OpenSheet {
  if (!listening) {
    window.addEventListener('popstate', onPopState);
    listening = true;
  }
  const sheet: OpenSheet = { close, closedByBack: false };
  sheets.push(sheet);
  if (!onMarker()) pushMarker();
  return sheet;
}

function unregister(sheet: OpenSheet): void {
  const index = sheets.indexOf(sheet);
  if (index >= 0) sheets.splice(index, 1);
  if (sheet.closedByBack) return;
  // Wait a turn: a sheet that opens as this one closes (the drawer's My Bets) keeps the same entry.
  if (settleTimer !== null) clearTimeout(settleTimer);
  settleTimer = setTimeout(() => {
    settleTimer = null;
    if (sheets.length === 0 && onMarker()) {
      ownBacks += 1;
      window.history.back();
    }
    wakeIfSettled();
  }, 0);
}

/**
 * Resolves once a sheet that was just closed has taken its marker off the history. Navigate after
 * it, never before: a Back still on its way would land after the navigation and undo it (Logout from
 * the drawer stayed on the page when the logout call answered before the Back). Waits a turn first, so
 * a sheet closed in the same event has started its own Back; never longer than a second.
 */
export function whenHistorySettled(): Promise<void> {
  return new Promise((resolve) => {
    const timeout = setTimeout(resolve, 1000);
    setTimeout(() => {
      settleWaiters.push(() => {
        clearTimeout(timeout);
        resolve();
      });
      wakeIfSettled();
    }, 0);
  });
}

/** While `open`, Back calls `onClose` instead of leaving the page. */
export function useBackClose(open: boolean, onClose: () => void): void {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    if (!open) return undefined;
    const sheet = register(() => onCloseRef.current());
    return () => unregister(sheet);
  }, [open]);
}

/**
 * Tests: start the next test as a fresh page would, with no sheet and no marker on the history. A Back of
 * ours still on its way lands first (it would otherwise close the next test's sheet); a marker left behind
 * (its closing Back was scheduled on fake timers that are gone) is replaced by the page's own entry.
 */
export async function resetBackClose(): Promise<void> {
  sheets.length = 0;
  if (settleTimer !== null) clearTimeout(settleTimer);
  settleTimer = null;
  if (ownBacks > 0) await new Promise<void>((resolve) => settleWaiters.push(resolve));
  if (onMarker()) {
    const state = { ...(window.history.state as Record<string, unknown>) };
    delete state.khelSheet;
    window.history.replaceState(state, '');
  }
}
