import type { SimGame } from './hub88-sim-games.js';

/**
 * The simulator's game page, opened in the player's frame at the URL the game-URL call answered (the
 * session token in `token`): a stake, a Play button, the outcome and the balance the operator
 * answered. Plain HTML and one same-origin script (the product's CSP allows no inline script).
 */
export function gamePage(game: SimGame): string {
  const escape = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(game.name)} · ${escape(game.product)}</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#101624;color:#f3f4f6;display:flex;flex-direction:column;align-items:center;gap:12px;padding:16px}
h1{font-size:20px;margin:4px 0}.studio{color:#ffd36b;font-size:13px}.row{display:flex;gap:8px;align-items:center}
input{width:110px;font-size:18px;padding:8px;border-radius:8px;border:1px solid #475569;background:#0b1020;color:#fff}
button{font-size:18px;padding:10px 22px;border-radius:8px;border:0;background:#16a34a;color:#fff;font-weight:700}
button:disabled{opacity:.5}#result{min-height:24px;font-size:16px}#history{list-style:none;padding:0;margin:0;font-size:14px;width:100%;max-width:360px}
#history li{display:flex;justify-content:space-between;border-bottom:1px solid #1f2937;padding:4px 0}
</style></head>
<body data-game="${escape(game.game_code)}">
<div class="studio">${escape(game.product)} · Hub88 simulator</div>
<h1>${escape(game.name)}</h1>
<div>Balance: ₹<span id="balance">…</span></div>
<div class="row"><label for="stake">Stake ₹</label><input id="stake" type="number" min="1" step="1" value="10" inputmode="decimal"></div>
<button id="play" type="button">Play</button>
<div id="result" role="status"></div>
<ul id="history"></ul>
<script src="/hub88-sim/game.js"></script>
</body></html>`;
}

export const GAME_PAGE_SCRIPT = `(() => {
  const token = new URLSearchParams(location.search).get('token');
  const $ = (id) => document.getElementById(id);
  const rupees = (value) => value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  async function post(path, body) {
    const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return response.json();
  }
  async function refresh() {
    const answer = await post('/hub88-sim/api/balance', { token });
    $('balance').textContent = answer.balance === undefined ? '—' : rupees(answer.balance);
  }
  $('play').addEventListener('click', async () => {
    const stake = Number($('stake').value);
    $('play').disabled = true;
    $('result').textContent = 'Playing…';
    try {
      const round = await post('/hub88-sim/api/round', { token, stake });
      if (round.status !== 'RS_OK') {
        $('result').textContent = 'Bet refused: ' + (round.status || round.error);
      } else {
        $('result').textContent = round.payout > 0 ? 'You won ₹' + rupees(round.payout) + ' (×' + round.multiplier + ')' : 'No win this round';
        const item = document.createElement('li');
        item.dataset.stake = String(stake);
        item.dataset.payout = String(round.payout);
        item.innerHTML = '<span>Stake ₹' + rupees(stake) + '</span><span>Won ₹' + rupees(round.payout) + '</span>';
        $('history').prepend(item);
      }
      if (round.balance !== null && round.balance !== undefined) $('balance').textContent = rupees(round.balance);
      else await refresh();
    } finally {
      $('play').disabled = false;
    }
  });
  refresh();
})();
`;
