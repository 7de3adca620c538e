import type {
  AndarBaharResult,
  DragonTigerResult,
  LuckySevenResult,
  RoundRecord,
  TableResult,
  TableView,
  TeenPattiResult,
} from '@khel/casino-games';
import { formatRupees } from '@khel/money';
import { api, announceBalance, GameError } from '../lib/api.js';
import { cardElement } from '../lib/cards.js';
import { clear, h, toast } from '../lib/dom.js';
import { muteButton, playSound } from '../lib/sound.js';
import {
  EXTRA_ROAD_LETTERS,
  EXTRA_WINNER_LABELS,
  TABLE_SPOTS,
  TABLE_TITLES,
  luckySevenFelt,
  teenPattiFelt,
} from './table-felt.js';

interface TableAnswer {
  view: TableView;
  serverNowMs: number;
  revealMs: number;
  pauseMs: number;
  myBets: { betId: string; kind: string; stake: number; payout: number | null; roundNumber: number }[];
}

const CHIPS = [10, 50, 100, 500, 1_000, 5_000];
const POLL_MS = 1_000;

const SPOTS: Record<string, { kind: string; label: string; pays: string }[]> = {
  'dragon-tiger': [
    { kind: 'dragon', label: 'Dragon', pays: '1:1' },
    { kind: 'tie', label: 'Tie', pays: '11:1' },
    { kind: 'tiger', label: 'Tiger', pays: '1:1' },
  ],
  'andar-bahar': [
    { kind: 'andar', label: 'Andar', pays: '0.9:1' },
    { kind: 'bahar', label: 'Bahar', pays: '1:1' },
  ],
  ...TABLE_SPOTS,
};
const WINNER_LABEL: Record<string, string> = {
  dragon: 'Dragon wins',
  tiger: 'Tiger wins',
  tie: 'Tie',
  andar: 'Andar wins',
  bahar: 'Bahar wins',
  ...EXTRA_WINNER_LABELS,
};
const ROAD_LETTER: Record<string, string> = {
  dragon: 'D',
  tiger: 'T',
  tie: 'Tie',
  andar: 'A',
  bahar: 'B',
  ...EXTRA_ROAD_LETTERS,
};

/** The cards of an Andar Bahar result in the order they were dealt (after the joker). */
function dealOrder(
  result: AndarBaharResult,
  firstSide: 'andar' | 'bahar',
): { side: 'andar' | 'bahar'; card: number }[] {
  const order: { side: 'andar' | 'bahar'; card: number }[] = [];
  const first = firstSide === 'andar' ? result.andarCards : result.baharCards;
  const second = firstSide === 'andar' ? result.baharCards : result.andarCards;
  const secondSide = firstSide === 'andar' ? 'bahar' : 'andar';
  for (let i = 0; i < Math.max(first.length, second.length); i += 1) {
    if (i < first.length) order.push({ side: firstSide, card: first[i] as number });
    if (i < second.length) order.push({ side: secondSide, card: second[i] as number });
  }
  return order;
}

/** A live-style table shared by every player: countdown, chips, bet spots, animated reveal, road, fairness. */
export function mountTable(root: HTMLElement, tableId: string): void {
  const spots = SPOTS[tableId] ?? [];
  let chip = 100;
  let balance = 0;
  let offsetMs = 0;
  let latest: TableAnswer | null = null;
  let shownRound = -1;
  let shownPhase = '';
  let dealtShown = 0;
  let betting = false;
  let roadKey = '';
  let betsKey = '';

  const balanceText = h('strong', { 'data-testid': 'balance' }, '…');
  const status = h('div', { class: 'table-status', 'data-testid': 'table-status' }, 'Connecting…');
  const bar = h('div', { class: 'bar-fill' });
  const countdown = h('div', { class: 'countdown', 'data-testid': 'countdown' }, bar);
  const felt = h('div', { class: `felt felt-${tableId}`, 'data-testid': 'felt' });
  const banner = h('div', { class: 'win-banner', 'data-testid': 'round-result', 'aria-live': 'polite' });
  const spotButtons = new Map<string, { button: HTMLButtonElement; total: HTMLElement; mine: HTMLElement }>();
  const spotRow = h('div', { class: `spots spots-${spots.length}` });
  for (const spot of spots) {
    const total = h('span', { class: 'spot-total' });
    const mine = h('span', { class: 'spot-mine', 'data-testid': `my-stake-${spot.kind}` });
    const button = h(
      'button',
      {
        class: `spot spot-${spot.kind}`,
        'data-testid': `bet-${spot.kind}`,
        disabled: true,
        onclick: () => void bet(spot.kind),
      },
      h('strong', {}, spot.label),
      h('small', {}, spot.pays),
      total,
      mine,
    );
    spotButtons.set(spot.kind, { button, total, mine });
    spotRow.append(button);
  }
  const chipRow = h('div', { class: 'chips', role: 'radiogroup', 'aria-label': 'Chip' });
  const drawChips = () => {
    clear(chipRow);
    for (const value of CHIPS) {
      chipRow.append(
        h(
          'button',
          {
            class: `chip${value === chip ? ' chip-on' : ''}`,
            role: 'radio',
            'aria-checked': value === chip ? 'true' : 'false',
            'data-testid': `chip-${value}`,
            onclick: () => ((chip = value), drawChips()),
          },
          value >= 1000 ? `${value / 1000}K` : String(value),
        ),
      );
    }
  };
  drawChips();
  const road = h('div', { class: 'road', 'data-testid': 'road' });
  const fairness = h('div', { class: 'fair-line', 'data-testid': 'fairness' });
  const myBets = h('ol', { class: 'recent', 'data-testid': 'my-bets' });

  const setBalance = (value: number) => {
    balance = value;
    balanceText.textContent = formatRupees(value);
    announceBalance(value);
  };
  const nowMs = () => Date.now() + offsetMs;

  async function refreshBalance(): Promise<void> {
    try {
      setBalance((await api<{ balance: number }>('GET', '/api/v1/house-casino/balance')).balance);
    } catch {
      // keep the last known balance
    }
  }

  async function bet(kind: string): Promise<void> {
    if (!betting) return;
    if (chip > balance) {
      toast('Insufficient balance', 'error');
      return;
    }
    try {
      const placed = await api<{ balance: number; stake: number }>(
        'POST',
        `/api/v1/house-casino/tables/${tableId}/bets`,
        { kind, stake: chip },
      );
      setBalance(placed.balance);
      playSound('chip');
      toast(`${formatRupees(placed.stake)} on ${spots.find((spot) => spot.kind === kind)?.label ?? kind}`);
      await poll();
    } catch (error) {
      toast(error instanceof GameError ? error.message : 'Something went wrong', 'error');
    }
  }

  function renderCards(result: TableResult | null, phase: string, closesAtMs: number, revealMs: number): void {
    const newRound = latest?.view.round?.roundNumber !== shownRound;
    const animate = phase === 'revealed' && shownPhase !== 'revealed';
    if (animate) playSound('card');
    if (tableId === 'lucky-7') {
      if (!newRound && !animate && phase === shownPhase) return;
      clear(felt);
      felt.append(...luckySevenFelt(result as (LuckySevenResult & { kind: 'lucky-seven' }) | null, animate));
      return;
    }
    if (tableId === 'teen-patti') {
      const tp = result as (TeenPattiResult & { kind: 'teen-patti' }) | null;
      const elapsed = nowMs() - closesAtMs;
      const dealt =
        tp === null
          ? 0
          : phase === 'revealed'
            ? Math.min(6, Math.max(0, Math.floor((elapsed / Math.max(1, revealMs - 1000)) * 6)))
            : 6;
      if (!newRound && dealt === dealtShown && phase === shownPhase) return;
      dealtShown = dealt;
      clear(felt);
      felt.append(...teenPattiFelt(tp, dealt, phase === 'revealed'));
      return;
    }
    if (tableId === 'dragon-tiger') {
      if (!newRound && !animate && phase === shownPhase) return;
      const dt = result as (DragonTigerResult & { kind: 'dragon-tiger' }) | null;
      clear(felt);
      felt.append(
        h(
          'div',
          { class: `hand${dt?.winner === 'dragon' ? ' hand-win' : ''}` },
          h('span', {}, 'Dragon'),
          cardElement(dt?.dragonCard ?? null, { animate, testId: 'dragon-card' }),
        ),
        h('div', { class: 'versus' }, 'VS'),
        h(
          'div',
          { class: `hand${dt?.winner === 'tiger' ? ' hand-win' : ''}` },
          h('span', {}, 'Tiger'),
          cardElement(dt?.tigerCard ?? null, { animate, testId: 'tiger-card' }),
        ),
      );
      return;
    }
    // Andar Bahar: the joker, then cards dealt one by one over the reveal.
    const ab = result as (AndarBaharResult & { kind: 'andar-bahar' }) | null;
    const rules = latest?.view.game.kind === 'andar-bahar' ? latest.view.game.rules : null;
    const order = ab === null ? [] : dealOrder(ab, rules?.firstSide ?? 'andar');
    const elapsed = nowMs() - closesAtMs;
    const dealt =
      ab === null
        ? 0
        : phase === 'revealed'
          ? Math.min(order.length, Math.max(0, Math.floor((elapsed / Math.max(1, revealMs - 1000)) * order.length)))
          : order.length;
    if (!newRound && dealt === dealtShown && phase === shownPhase) return;
    dealtShown = dealt;
    clear(felt);
    const andar = h('div', { class: 'ab-row' }, h('span', { class: 'ab-label' }, 'Andar'));
    const bahar = h('div', { class: 'ab-row' }, h('span', { class: 'ab-label' }, 'Bahar'));
    order
      .slice(0, dealt)
      .forEach((entry, index) =>
        (entry.side === 'andar' ? andar : bahar).append(
          cardElement(entry.card, { animate: index === dealt - 1 && phase === 'revealed' }),
        ),
      );
    felt.append(
      h(
        'div',
        { class: 'joker' },
        h('span', {}, 'Joker'),
        cardElement(ab?.joker ?? null, { animate, testId: 'joker-card' }),
      ),
      andar,
      bahar,
    );
  }

  function renderRoad(history: RoundRecord[]): void {
    const key = `${history.length}:${history[0]?.roundNumber ?? 0}`;
    if (key === roadKey) return;
    roadKey = key;
    clear(road);
    for (const record of [...history].reverse().slice(-48)) {
      const winner = record.result?.winner ?? 'void';
      road.append(
        h(
          'a',
          {
            class: `bead bead-${winner}`,
            href: `/house-casino/verify?table=${tableId}&round=${record.roundNumber}`,
            target: '_blank',
            rel: 'noopener',
            title: `Round ${record.roundNumber}: ${WINNER_LABEL[winner] ?? 'Void'}`,
          },
          ROAD_LETTER[winner] ?? '–',
        ),
      );
    }
  }

  function render(answer: TableAnswer): void {
    const { view, myBets: mine } = answer;
    const round = view.round;
    if (round === null) {
      status.textContent = 'Waiting for the first round…';
      return;
    }
    const closesIn = Math.max(0, round.closesAtMs - nowMs());
    betting = round.phase === 'betting' && closesIn > 0;
    root.dataset.phase = round.phase;
    root.dataset.round = String(round.roundNumber);
    status.textContent = betting
      ? `Round ${round.roundNumber} · Place your bets · ${Math.ceil(closesIn / 1000)} s`
      : round.phase === 'betting' || round.phase === 'closed'
        ? `Round ${round.roundNumber} · No more bets`
        : round.phase === 'revealed'
          ? `Round ${round.roundNumber} · Dealing…`
          : `Round ${round.roundNumber} · ${WINNER_LABEL[round.result?.winner ?? ''] ?? 'Round over'}`;
    bar.style.width = `${betting ? (closesIn / view.bettingWindowMs) * 100 : 0}%`;
    renderCards(round.result, round.phase, round.closesAtMs, answer.revealMs);

    const thisRound = mine.filter((b) => b.roundNumber === round.roundNumber);
    for (const [kind, parts] of spotButtons) {
      parts.button.disabled = !betting;
      parts.total.textContent = `Table ${formatRupees((round.stakeByKindPaise[kind] ?? 0) / 100)}`;
      const my = thisRound.filter((b) => b.kind === kind).reduce((sum, b) => sum + b.stake, 0);
      parts.mine.textContent = my > 0 ? `You ${formatRupees(my)}` : '';
      parts.button.classList.toggle(
        'spot-won',
        round.result !== null &&
          round.phase !== 'betting' &&
          (round.result.winner === kind || (kind === 'tie' && round.result.winner === 'tie')),
      );
    }
    if (round.phase === 'settled') {
      const won = thisRound.reduce((sum, b) => sum + (b.payout ?? 0), 0);
      banner.textContent = `${WINNER_LABEL[round.result?.winner ?? ''] ?? ''}${thisRound.length > 0 ? ` · you ${won > 0 ? `win ${formatRupees(won)}` : 'lose'}` : ''}`;
      banner.classList.toggle('won', won > 0);
    } else if (round.phase === 'revealed') banner.textContent = '';
    else banner.textContent = betting ? '' : 'No more bets';

    clear(fairness);
    fairness.append(
      h('span', {}, 'Seed hash '),
      h('code', { 'data-testid': 'round-hash' }, round.serverSeedHash.slice(0, 16) + '…'),
      round.serverSeed === null
        ? h('span', { class: 'muted' }, ' · seed revealed after the round')
        : h(
            'span',
            {},
            ' · seed ',
            h('code', { 'data-testid': 'round-seed' }, round.serverSeed.slice(0, 16) + '…'),
            ' ',
          ),
      round.serverSeed === null
        ? ''
        : h(
            'a',
            {
              href: `/house-casino/verify?table=${tableId}&round=${round.roundNumber}`,
              target: '_blank',
              rel: 'noopener',
              'data-testid': 'verify-round',
            },
            'verify',
          ),
    );
    renderRoad(view.history);
    const key = JSON.stringify(mine.slice(0, 12));
    if (key !== betsKey) clear(myBets);
    for (const b of key === betsKey ? [] : mine.slice(0, 12)) {
      myBets.append(
        h(
          'li',
          { class: b.payout !== null && b.payout > 0 ? 'won' : '' },
          `#${b.roundNumber} ${b.kind} ${formatRupees(b.stake)}`,
          h('strong', {}, b.payout === null ? ' · open' : ` → ${formatRupees(b.payout)}`),
        ),
      );
    }
    betsKey = key;
    // The balance changes when a round with our bets settles.
    if (round.phase === 'settled' && shownPhase !== 'settled' && thisRound.length > 0) void refreshBalance();
    shownRound = round.roundNumber;
    shownPhase = round.phase;
  }

  async function poll(): Promise<void> {
    try {
      const answer = await api<TableAnswer>('GET', `/api/v1/house-casino/tables/${tableId}`);
      offsetMs = answer.serverNowMs - Date.now();
      latest = answer;
      render(answer);
    } catch (error) {
      status.textContent = error instanceof GameError ? error.message : 'Reconnecting…';
    }
  }

  root.append(
    h(
      'main',
      { class: `game table-game table-${tableId}` },
      h(
        'header',
        { class: 'topbar' },
        h('h1', {}, TABLE_TITLES[tableId] ?? tableId),
        muteButton(),
        h('div', { class: 'balance' }, h('span', {}, 'Balance '), balanceText),
      ),
      tableId === 'teen-patti'
        ? h(
            'a',
            {
              class: 'rules-link',
              href: `/house-casino/rules/teen-patti${window.location.search}`,
              'data-testid': 'rules-link',
            },
            'Rules & payouts',
          )
        : null,
      status,
      countdown,
      felt,
      banner,
      spotRow,
      chipRow,
      h('section', { class: 'panel' }, h('h2', {}, 'Road'), road),
      h('section', { class: 'panel' }, h('h2', {}, 'My bets'), myBets),
      h(
        'section',
        { class: 'panel fair' },
        h('h2', {}, 'Provably fair'),
        fairness,
        h(
          'p',
          { class: 'muted' },
          'Each round commits to a fresh server seed before betting opens; after the reveal anyone can recompute the cards from it.',
        ),
      ),
    ),
  );

  void (async () => {
    try {
      const session = await api<{ balance: number }>('GET', `/api/v1/house-casino/session/${tableId}`);
      setBalance(session.balance);
    } catch (error) {
      status.textContent = error instanceof GameError ? error.message : 'The game could not start';
      return;
    }
    await poll();
    setInterval(() => void poll(), POLL_MS);
    // Smooth countdown and dealing between polls.
    setInterval(() => latest !== null && render(latest), 200);
    setInterval(() => void refreshBalance(), 15_000);
  })();
}
