import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadSession } from './lib/auth/session';
import { loadTheme } from './lib/theme';
import './styles/app.css';

// Spec §4 startup: the theme first (no flash of the wrong colours), then the stored session.
loadTheme();
loadSession();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
// The service worker (and workbox-window) load after the first screen, off the initial script budget.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => void import('./lib/pwa/register-service-worker').then((m) => m.registerServiceWorker()), { once: true });
}

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
