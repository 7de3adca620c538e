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
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
