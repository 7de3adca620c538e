import './styles.css';
import { h } from './lib/dom.js';
import { mountCrash } from './pages/crash.js';
import { mountRules } from './pages/rules.js';
import { mountSlot } from './pages/slot.js';
import { mountTable } from './pages/table.js';
import { mountVerify } from './pages/verify.js';
import { route } from './router.js';

const root = document.getElementById('app');
if (root !== null) {
  const { page, game } = route(window.location.pathname);
  if (page === 'slot') mountSlot(root, game as string);
  else if (page === 'table') mountTable(root, game as string);
  else if (page === 'crash') mountCrash(root, game as string);
  else if (page === 'rules') mountRules(root, game as string);
  else if (page === 'verify') mountVerify(root);
  else
    root.append(
      h(
        'main',
        { class: 'center-message' },
        h('h1', {}, 'House casino'),
        h('p', {}, 'Open a game from the casino lobby.'),
        h('a', { href: '/house-casino/verify' }, 'Verify a round'),
      ),
    );
}
