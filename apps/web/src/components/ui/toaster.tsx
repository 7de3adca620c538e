import { useEffect } from 'react';
import { DESKTOP_TOAST_AUTO_CLOSE_MS } from '@khel/contract';
import { useStore, useMediaQuery } from '@khel/web-kit';
import { DESKTOP_QUERY } from '../../lib/breakpoints';
import {
  desktopToasts,
  dismissDesktopToast,
  dismissSharedToast,
  sharedToast,
  type DesktopToast,
  type ToastType,
} from '../../lib/toast';
import { msg, useT } from '../../lib/i18n/i18n';

const TITLES: Record<ToastType, string> = { success: msg('Success'), warning: msg('Warning'), error: msg('Error') };

function ToastIcon({ type }: { type: ToastType }) {
  const path =
    type === 'success'
      ? 'M5 12.5l4.5 4.5L19 7.5'
      : type === 'warning'
        ? 'M12 8v5M12 16.5v.5M12 3l10 18H2z'
        : 'M12 8v5M12 16.5v.5M12 22a10 10 0 110-20 10 10 0 010 20z';
  return (
    <svg className="toast__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function DesktopToastItem({ toast }: { toast: DesktopToast }) {
  const t = useT();
  // Spec §9: the desktop toast closes itself after 3000 ms.
  useEffect(() => {
    const timer = setTimeout(() => dismissDesktopToast(toast.id), DESKTOP_TOAST_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [toast.id]);
  return (
    <div
      className={`toast toast--${toast.type}`}
      role={toast.type === 'success' ? 'status' : 'alert'}
      data-testid="toast"
      data-type={toast.type}
    >
      <ToastIcon type={toast.type} />
      <div className="toast__text">
        <span className="visually-hidden">{t(TITLES[toast.type])}: </span>
        <p className="toast__message">{t(toast.message)}</p>
        {toast.subMessage ? <p className="toast__sub">{t(toast.subMessage)}</p> : null}
      </div>
      <button
        type="button"
        className="toast__close"
        aria-label={t('Dismiss notification')}
        onClick={() => dismissDesktopToast(toast.id)}
      >
        ×
      </button>
    </div>
  );
}

function DesktopToaster() {
  const toasts = useStore(desktopToasts);
  return (
    <div className="toaster toaster--desktop">
      {toasts.map((toast) => (
        <DesktopToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

/** The shared (mobile) toast: one at a time, shown 100 ms after the event for 4500 ms (lib/toast). */
function SharedToaster() {
  const t = useT();
  const state = useStore(sharedToast);
  if (!state.show) return null;
  return (
    <div className="toaster toaster--mobile">
      <div
        className={`toast toast--${state.type}`}
        role={state.type === 'success' ? 'status' : 'alert'}
        data-testid="toast"
        data-type={state.type}
      >
        <ToastIcon type={state.type} />
        <div className="toast__text">
          <span className="visually-hidden">{t(TITLES[state.type])}: </span>
          <p className="toast__message">{t(state.message)}</p>
          {state.subMessage ? <p className="toast__sub">{t(state.subMessage)}</p> : null}
        </div>
        <button
          type="button"
          className="toast__close"
          aria-label={t('Dismiss notification')}
          onClick={dismissSharedToast}
        >
          ×
        </button>
      </div>
    </div>
  );
}

/** Desktop screens get the desktop variant, phones the shared one (spec §2). */
export function Toaster() {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  return desktop ? <DesktopToaster /> : <SharedToaster />;
}
