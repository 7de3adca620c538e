import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadSession } from './lib/auth/session';
import { loadTheme } from './lib/theme';
import { initialLocale, setLocale } from './lib/i18n/i18n';
import './styles/app.css';

// Spec §4 startup: the theme first (no flash of the wrong colours), then the stored session.
loadTheme();
loadSession();

// index.html always has #root (without it createRoot throws its own error); no message of ours ships in
// the first-load script, which has no bytes to spare.
const root = document.getElementById('root') as HTMLElement;
// The service worker (and workbox-window) load after the first screen, off the initial script budget.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener(
    'load',
    () => void import('./lib/pwa/register-service-worker').then((m) => m.registerServiceWorker()),
    { once: true },
  );
}

// The language before the first render (ADR 0030): Hindi's catalogue arrives first when it is the choice,
// so a Hindi reader never sees English flash; English renders at once.
const locale = initialLocale();
// A transition (issue 31): React renders the first screen in slices of a few milliseconds, yielding to
// the browser between them, instead of one task that blocks a phone's main thread for a quarter second.
const render = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
if (locale === 'en') {
  document.documentElement.lang = 'en';
  render();
} else void setLocale(locale, false).then(render, render);
