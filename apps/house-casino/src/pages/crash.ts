import { formatRupees } from '@khel/money';
import { api, announceBalance, GameError, launchToken } from '../lib/api.js';
import { clear, h, toast } from '../lib/dom.js';
import { muteButton, playSound } from '../lib/sound.js';

interface CrashState {
  round: {
    roundNumber: number;
    phase: 'betting' | 'running' | 'crashed';
    serverSeedHash: string;
    serverSeed: string | null;
    crashPointHundredths: number | null;
    startsAtMs: number;
    crashAtMs: number | null;
  } | null;
  serverNowMs: number;
  growthPerMs: number;
  minStake: number;
  maxStake: number;
  commitment: string | null;
  history: { roundNumber: number; crashPoint: number }[];
  myBets: {
    betId: string;
    roundNumber: number;
    slot: number;
    stake: number;
    autoCashOut: number | null;
    cashOut: number | null;
    payout: number | null;
    status: string;
  }[];
}
type LiveMessage =
  | { type: 'round' | 'hello' }
  | { type: 'tick'; multiplier: number; serverNowMs: number }
  | { type: 'cashout'; roundNumber: number; player: string; slot: number; multiplier: number; payout: number }
  | { type: 'bet'; roundNumber: number; player: string; stake: number }
  | { type: 'crash'; roundNumber: number; crashPoint: number; serverSeed: string };

const times = (hundredths: number) => `${(hundredths / 100).toFixed(2)}×`;

/**
 * The crash game: a shared round, the multiplier climbing live (WebSocket, with polling as a fallback),
 * two bets a round with optional auto cash-out, cash out at any moment (the server decides against
 * the crash), others' cash-outs as they happen, and the committed seed chain to verify every round.
 */
export function mountCrash(root: HTMLElement, game: string): void {
  let state: CrashState | null = null;
  let offsetMs = 0;
  let balance = 0;
  let lastPhase = '';
  const base = `/api/v1/house-casino/crash/${game}`;

  const balanceText = h('strong', { 'data-testid': 'balance' }, '…');
  const multiplier = h(
    'div',
    { class: 'crash-multiplier', 'data-testid': 'crash-multiplier', 'aria-live': 'off' },
    '1.00×',
  );
  const status = h('div', { class: 'table-status', 'data-testid': 'crash-status', role: 'status' }, 'Connecting…');
  const curve = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  curve.setAttribute('viewBox', '0 0 300 150');
  curve.setAttribute('class', 'crash-curve');
  curve.setAttribute('aria-hidden', 'true');
  const line = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
  line.setAttribute('fill', 'none');
  line.setAttribute('stroke-width', '4');
  curve.append(line);
  const historyRow = h('div', { class: 'crash-history', 'data-testid': 'crash-history' });
  const cashouts = h('ol', { class: 'recent crash-cashouts', 'data-testid': 'cashouts', 'aria-live': 'polite' });
  const myBets = h('ol', { class: 'recent', 'data-testid': 'my-bets' });
  const fairness = h('div', { class: 'fair-line', 'data-testid': 'fairness' });

  const setBalance = (value: number) => {
    balance = value;
    balanceText.textContent = formatRupees(value);
    announceBalance(value);
  };
  const now = () => Date.now() + offsetMs;
  const current = () => {
    const round = state?.round;
    if (round === null || round === undefined || state === null) return 100;
    if (round.phase === 'crashed') return round.crashPointHundredths ?? 100;
    return Math.floor(100 * Math.exp(state.growthPerMs * Math.max(0, now() - round.startsAtMs)));
  };

  const panels = [0, 1].map((slot) => {
    const stakeInput = h('input', {
      id: `stake-${slot}`,
      type: 'number',
      inputmode: 'decimal',
      min: '10',
      step: '10',
      value: slot === 0 ? '100' : '50',
      'data-testid': `stake-${slot}`,
    });
    const autoInput = h('input', {
      id: `auto-${slot}`,
      type: 'number',
      inputmode: 'decimal',
      min: '1.01',
      step: '0.01',
      placeholder: 'Off',
      'data-testid': `auto-${slot}`,
    });
    const button = h(
      'button',
      {
        class: 'spin crash-button',
        type: 'button',
        'data-testid': `crash-button-${slot}`,
        onclick: () => void act(slot),
      },
      'Bet',
    );
    const panel = h(
      'section',
      { class: 'panel crash-bet' },
      h('h2', {}, `Bet ${slot + 1}`),
      h('label', { for: `stake-${slot}` }, 'Stake (₹)'),
      stakeInput,
      h('label', { for: `auto-${slot}` }, 'Auto cash out at (×)'),
      autoInput,
      button,
    );
    return { slot, stakeInput, autoInput, button, panel };
  });

  const mine = (slot: number) =>
    state?.round === null || state === null
      ? undefined
      : state.myBets.find((b) => b.slot === slot && b.roundNumber === state?.round?.roundNumber);

  async function act(slot: number): Promise<void> {
    const bet = mine(slot);
    const parts = panels[slot];
    if (parts === undefined || state?.round === null || state === null) return;
    parts.button.disabled = true;
    try {
      if (bet === undefined) {
        const stake = Number(parts.stakeInput.value);
        const autoText = parts.autoInput.value.trim();
        if (!(stake > 0)) throw new GameError('Enter a stake', 400, 'VALIDATION_FAILED');
        if (stake > balance) throw new GameError('Insufficient balance', 400, 'WALLET_INSUFFICIENT_FUNDS');
        const placed = await api<{ balance: number }>('POST', `${base}/bets`, {
          slot,
          stake,
          autoCashOut: autoText === '' ? null : Number(autoText),
        });
        setBalance(placed.balance);
        playSound('chip');
      } else {
        cashingOut.add(bet.betId);
        const out = await api<{ multiplier: number; payout: number; balance: number | null }>(
          'POST',
          `${base}/cash-out`,
          { slot },
        ).finally(() => cashingOut.delete(bet.betId));
        if (out.balance !== null) setBalance(out.balance);
        playSound('win');
        toast(`Cashed out at ${times(out.multiplier)}: ${formatRupees(out.payout)}`, 'win');
      }
    } catch (error) {
      toast(error instanceof GameError ? error.message : 'Something went wrong', 'error');
    } finally {
      parts.button.disabled = false;
      await refresh();
    }
  }

  function draw(): void {
    const round = state?.round ?? null;
    if (state === null || round === null) return;
    const value = current();
    const running = round.phase === 'running' && (round.crashAtMs === null || now() < round.crashAtMs);
    const betting = round.phase === 'betting' && now() < round.startsAtMs;
    multiplier.textContent = betting ? `${Math.max(0, Math.ceil((round.startsAtMs - now()) / 1000))} s` : times(value);
    multiplier.classList.toggle('crashed', round.phase === 'crashed');
    root.dataset.phase = round.phase;
    root.dataset.round = String(round.roundNumber);
    status.textContent = betting
      ? `Round ${round.roundNumber} · Place your bets`
      : round.phase === 'crashed'
        ? `Round ${round.roundNumber} · Crashed at ${times(round.crashPointHundredths ?? 100)}`
        : `Round ${round.roundNumber} · Flying`;
    const points: string[] = [];
    const elapsed = Math.max(0, now() - round.startsAtMs);
    const span = Math.max(elapsed, 8_000);
    for (let i = 0; i <= 30; i += 1) {
      const t = (elapsed * i) / 30;
      const m = Math.exp(state.growthPerMs * t);
      points.push(`${(t / span) * 300},${150 - Math.min(145, ((m - 1) / Math.max(1, value / 100 - 1 || 1)) * 120)}`);
    }
    line.setAttribute('points', betting ? '' : points.join(' '));
    line.setAttribute('stroke', round.phase === 'crashed' ? '#e53935' : '#f6c453');
    for (const parts of panels) {
      const bet = mine(parts.slot);
      const open = bet !== undefined && bet.status === 'open';
      if (bet === undefined) {
        parts.button.textContent = betting ? 'Bet' : 'Wait for the next round';
        parts.button.disabled = !betting;
      } else if (open && running) {
        parts.button.textContent = `Cash out ${formatRupees(Math.floor(bet.stake * value) / 100)}`;
        parts.button.disabled = false;
      } else {
        parts.button.textContent =
          bet.status === 'cashed_out'
            ? `Cashed out ${times(bet.cashOut ?? 100)}`
            : bet.status === 'lost'
              ? 'Lost'
              : 'Bet placed';
        parts.button.disabled = true;
      }
      parts.stakeInput.disabled = bet !== undefined;
      parts.autoInput.disabled = bet !== undefined;
    }
  }

  function render(): void {
    if (state === null) return;
    clear(historyRow);
    for (const past of state.history.slice(0, 12)) {
      historyRow.append(
        h(
          'a',
          {
            class: `crash-chip${past.crashPoint >= 200 ? ' high' : ''}`,
            href: `/house-casino/verify?crash=${game}&round=${past.roundNumber}`,
            target: '_blank',
            rel: 'noopener',
            title: `Round ${past.roundNumber}`,
          },
          times(past.crashPoint),
        ),
      );
    }
    clear(myBets);
    for (const bet of state.myBets.slice(0, 10)) {
      myBets.append(
        h(
          'li',
          { class: bet.status === 'cashed_out' ? 'won' : '' },
          `#${bet.roundNumber} bet ${bet.slot + 1} ${formatRupees(bet.stake)}`,
          h(
            'strong',
            {},
            bet.status === 'open'
              ? ' · open'
              : bet.status === 'cashed_out'
                ? ` → ${times(bet.cashOut ?? 100)} ${formatRupees(bet.payout ?? 0)}`
                : ` · ${bet.status}`,
          ),
        ),
      );
    }
    const round = state.round;
    clear(fairness);
    if (round !== null) {
      fairness.append(
        h('span', {}, 'Chain commitment '),
        h('code', {}, `${(state.commitment ?? '').slice(0, 16)}…`),
        h('span', {}, ' · round seed hash '),
        h('code', { 'data-testid': 'round-hash' }, `${round.serverSeedHash.slice(0, 16)}…`),
        round.serverSeed === null
          ? h('span', { class: 'muted' }, ' · seed revealed at the crash')
          : h(
              'a',
              {
                href: `/house-casino/verify?crash=${game}&round=${round.roundNumber}`,
                target: '_blank',
                rel: 'noopener',
                'data-testid': 'verify-round',
              },
              ' verify',
            ),
      );
    }
    if (round !== null && round.phase !== lastPhase) {
      if (round.phase === 'crashed') playSound('crash');
      if (round.phase === 'betting') clear(cashouts);
      lastPhase = round.phase;
    }
    draw();
  }

  /** Bets whose Cash out this page has sent and not yet heard back: its answer brings the balance. */
  const cashingOut = new Set<string>();
  /**
   * The wallet's balance again when a bet of this player was cashed out without an answer of this page to
   * bring it: the server's auto cash out at the player's multiplier (its payout was credited server-side).
   */
  async function rereadBalanceAfterCashOuts(before: CrashState | null, next: CrashState): Promise<void> {
    const wasCashedOut = new Set(
      (before?.myBets ?? []).filter((bet) => bet.status === 'cashed_out').map((bet) => bet.betId),
    );
    const credited = next.myBets.some(
      (bet) => bet.status === 'cashed_out' && !wasCashedOut.has(bet.betId) && !cashingOut.has(bet.betId),
    );
    if (before === null || !credited) return;
    setBalance((await api<{ balance: number }>('GET', '/api/v1/house-casino/balance')).balance);
  }

  async function refresh(): Promise<void> {
    try {
      const next = await api<CrashState>('GET', base);
      offsetMs = next.serverNowMs - Date.now();
      const before = state;
      state = next;
      render();
      await rereadBalanceAfterCashOuts(before, next);
    } catch (error) {
      status.textContent = error instanceof GameError ? error.message : 'Reconnecting…';
    }
  }

  function connect(): void {
    const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(
      `${protocol}//${window.location.host}/api/v1/house-casino/crash/live?token=${encodeURIComponent(launchToken() ?? '')}`,
    );
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as LiveMessage;
      if (message.type === 'tick') {
        offsetMs = message.serverNowMs - Date.now();
        if (state?.round !== null && state !== null && state.round.phase === 'betting') state.round.phase = 'running';
      } else if (message.type === 'cashout') {
        cashouts.prepend(
          h(
            'li',
            { class: 'won' },
            `${message.player} cashed out at ${times(message.multiplier)}`,
            h('strong', {}, ` ${formatRupees(message.payout)}`),
          ),
        );
        while (cashouts.childElementCount > 30) cashouts.lastElementChild?.remove();
      } else if (message.type === 'round' || message.type === 'crash') void refresh();
    });
    socket.addEventListener('close', () => setTimeout(connect, 2_000));
  }

  root.append(
    h(
      'main',
      { class: 'game crash-game' },
      h(
        'header',
        { class: 'topbar' },
        h('h1', {}, 'Crash'),
        muteButton(),
        h('div', { class: 'balance' }, h('span', {}, 'Balance '), balanceText),
      ),
      historyRow,
      h('div', { class: 'crash-stage' }, curve, multiplier),
      status,
      h('div', { class: 'crash-bets' }, ...panels.map((p) => p.panel)),
      h('section', { class: 'panel' }, h('h2', {}, 'Cash-outs this round'), cashouts),
      h('section', { class: 'panel' }, h('h2', {}, 'My bets'), myBets),
      h(
        'section',
        { class: 'panel fair' },
        h('h2', {}, 'Provably fair'),
        fairness,
        h(
          'p',
          { class: 'muted' },
          'Round seeds come from a chain committed before the first round: each seed hashed once gives the previous round’s seed, and hashed all the way gives the commitment. The crash point is HMAC-SHA256 of the seed with a 3 % house edge.',
        ),
      ),
    ),
  );

  void (async () => {
    try {
      const session = await api<{ balance: number }>('GET', `/api/v1/house-casino/session/${game}`);
      setBalance(session.balance);
    } catch (error) {
      status.textContent = error instanceof GameError ? error.message : 'The game could not start';
      return;
    }
    await refresh();
    connect();
    setInterval(draw, 50);
    // The feed carries changes; a slow poll keeps the page right if a message is missed.
    setInterval(() => void refresh(), 3_000);
  })();
}
