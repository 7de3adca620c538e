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
  }, 0);
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
