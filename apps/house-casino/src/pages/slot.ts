import type { SlotConfig } from '@khel/casino-games';
import { formatRupees } from '@khel/money';
import { api, announceBalance, GameError } from '../lib/api.js';
import { clear, h, toast } from '../lib/dom.js';
import { muteButton, playSound } from '../lib/sound.js';
import { symbolSvg } from '../lib/symbols.js';
import { playFreeSpinsBack, type FreeSpinView, type FreeSpinsView, type WinView } from './slot-free-spins.js';

interface SeedView {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}
interface SlotInfo {
  config: SlotConfig;
  theoreticalRtp: number;
  minStake: number;
  maxStake: number;
  seeds: SeedView;
  recent: { spinId: string; stake: number; payout: number; createdAt: string }[];
}
interface SpinResult {
  spinId: string;
  stake: number;
  payout: number;
  balance: number;
  stops: number[];
  grid: string[][];
  lineWins: WinView[];
  scatterWin: { symbol: string; count: number; payout: number } | null;
  freeSpins: FreeSpinsView | null;
  seeds: SeedView;
  next: SeedView;
}

/** How each symbol looks: a tone; pictures are SVG (lib/symbols.ts), card letters plain text. */
const TONE: Record<string, string> = {
  LOTUS: 'tone-lotus',
  PEACOCK: 'tone-peacock',
  ELEPHANT: 'tone-elephant',
  TIGER: 'tone-tiger',
  WILD: 'tone-wild',
  SCATTER: 'tone-scatter',
  RAINBOW: 'tone-wild',
  CLOUD: 'tone-scatter',
};
const STAKES = [10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000];
const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Picture symbols carry a caption too, so they read at a glance. */
const CAPTION: Record<string, string> = {
  LOTUS: 'Lotus',
  PEACOCK: 'Peacock',
  ELEPHANT: 'Elephant',
  TIGER: 'Tiger',
  WILD: 'Wild',
  SCATTER: 'Scatter',
  DROP: 'Drop',
  LEAF: 'Leaf',
  AMBER: 'Amber',
  EMERALD: 'Emerald',
  SAPPHIRE: 'Sapphire',
  RUBY: 'Ruby',
  RAINBOW: 'Wild',
  CLOUD: 'Scatter',
};

/** The paytable's free-spin line, e.g. "3, 4 or 5 × Thundercloud award 8, 12 or 20 free spins at ×2; …". */
function freeSpinsRule(config: SlotConfig, scatter: string): string {
  const feature = config.freeSpins;
  if (feature === undefined) return '';
  const counts = feature.awardsByScatterCount
    .map((award, count) => ({ award, count }))
    .filter((entry) => entry.award > 0);
  const ladder = feature.multipliers.map((m) => `×${m}`).join(', ');
  return `Free spins: ${counts.map((c) => c.count).join(', ')} × ${scatter} anywhere award ${counts.map((c) => c.award).join(', ')} free spins at the stake of the spin that triggered them, every win multiplied (${ladder}). ${scatter} in a free spin adds more and climbs the multiplier; at most ${feature.maxSpins} free spins.`;
}

function symbolName(config: SlotConfig, id: string): string {
  return config.symbols.find((symbol) => symbol.id === id)?.name ?? id;
}

function symbolCell(id: string): HTMLElement {
  const picture = symbolSvg(id);
  const caption = CAPTION[id];
  const face = h('span', { class: picture === null ? 'glyph' : 'picture' });
  if (picture === null) face.textContent = id;
  else face.innerHTML = picture;
  return h(
    'div',
    { class: `cell ${TONE[id] ?? 'tone-card'}`, 'data-symbol': id },
    face,
    caption === undefined ? null : h('small', {}, caption),
  );
}

/** The slot page: reels, paylines, stake, spin, balance, last wins and the provably fair seeds. */
export function mountSlot(root: HTMLElement, game: string): void {
  let balance = 0;
  let stake = 20;
  let spinning = false;
  let info: SlotInfo | null = null;
  let lastSpinId: string | null = null;

  const balanceText = h('strong', { 'data-testid': 'balance' }, '…');
  const stakeText = h('strong', { 'data-testid': 'stake' }, formatRupees(stake));
  const reels = h('div', { class: 'reels', 'data-testid': 'reels', 'data-state': 'loading' });
  const winText = h('div', { class: 'win-banner', 'data-testid': 'last-win', 'aria-live': 'polite' }, 'Good luck!');
  const lines = h('ul', { class: 'line-wins', 'data-testid': 'line-wins' });
  const recent = h('ol', { class: 'recent', 'data-testid': 'recent-spins' });
  const seedHash = h('code', { 'data-testid': 'seed-hash' }, '…');
  const seedClient = h('code', {}, '…');
  const seedNonce = h('code', {}, '…');
  const revealed = h('div', { class: 'revealed', 'data-testid': 'revealed-seed' });
  const clientSeedInput = h('input', {
    type: 'text',
    maxlength: '64',
    placeholder: 'Your client seed (optional)',
    'aria-label': 'Client seed',
  });
  const verifyLink = h('a', { href: '/house-casino/verify', target: '_blank', rel: 'noopener' }, 'Verify page');
  const spinButton = h(
    'button',
    { class: 'spin', 'data-testid': 'spin-button', disabled: true, onclick: () => void spin() },
    'SPIN',
  );
  const paytable = h('section', { class: 'panel paytable', hidden: true, 'data-testid': 'paytable' });
  const freeSpinsPanel = h('section', { class: 'panel free-spins', hidden: true, 'data-testid': 'free-spins' });

  const setBalance = (value: number) => {
    balance = value;
    balanceText.textContent = formatRupees(value);
    announceBalance(value);
  };
  const setStake = (value: number) => {
    stake = value;
    stakeText.textContent = formatRupees(value);
  };
  const stepStake = (direction: 1 | -1) => {
    const allowed = STAKES.filter((s) => info === null || (s >= info.minStake && s <= info.maxStake));
    const index = allowed.indexOf(stake);
    setStake(allowed[Math.min(allowed.length - 1, Math.max(0, (index < 0 ? 1 : index) + direction))] ?? stake);
  };
  const showSeeds = (seeds: SeedView) => {
    seedHash.textContent = seeds.serverSeedHash;
    seedClient.textContent = seeds.clientSeed;
    seedNonce.textContent = String(seeds.nonce);
  };

  function drawGrid(grid: string[][], winningCells: Set<string> = new Set()): void {
    clear(reels);
    grid.forEach((column, reel) => {
      const strip = h(
        'div',
        { class: 'strip' },
        ...column.map((id, row) => {
          const cell = symbolCell(id);
          if (winningCells.has(`${reel}:${row}`)) cell.classList.add('win');
          return cell;
        }),
      );
      reels.append(h('div', { class: 'reel' }, strip));
    });
  }

  /** Each reel scrolls through random symbols of its strip and lands on the result, left to right. */
  async function animate(config: SlotConfig, grid: string[][]): Promise<void> {
    if (reducedMotion()) return;
    const cellHeight = (reels.querySelector('.cell') as HTMLElement | null)?.offsetHeight ?? 64;
    clear(reels);
    const done: Promise<void>[] = [];
    grid.forEach((column, reel) => {
      const source = config.reels[reel] ?? [];
      const filler = Array.from(
        { length: 14 + reel * 4 },
        () => source[Math.floor(Math.random() * source.length)] ?? column[0] ?? 'A',
      );
      const strip = h('div', { class: 'strip spinning' }, ...[...filler, ...column].map(symbolCell));
      reels.append(h('div', { class: 'reel' }, strip));
      const distance = filler.length * cellHeight;
      const durationMs = 650 + reel * 220;
      strip.style.transform = 'translateY(0)';
      done.push(
        new Promise((resolve) => {
          requestAnimationFrame(() => {
            strip.style.transition = `transform ${durationMs}ms cubic-bezier(.15,.85,.3,1.02)`;
            strip.style.transform = `translateY(-${distance}px)`;
            setTimeout(resolve, durationMs + 30);
          });
        }),
      );
    });
    await Promise.all(done);
  }

  /** One spin's grid with its winning cells lit, and its wins listed (a free spin's × its multiplier). */
  function showWins(
    config: SlotConfig,
    grid: string[][],
    lineWins: WinView[],
    scatterWin: FreeSpinView['scatterWin'],
    multiplier: number,
  ): void {
    clear(lines);
    const times = multiplier > 1 ? ` × ${multiplier}` : '';
    const winning = new Set<string>();
    for (const win of lineWins) {
      const line = config.paylines[win.lineIndex] ?? [];
      for (let reel = 0; reel < win.count; reel += 1) winning.add(`${reel}:${line[reel]}`);
      lines.append(
        h(
          'li',
          {},
          `Line ${win.lineIndex + 1}: ${win.count} × ${symbolName(config, win.symbol)} — ${formatRupees(win.payout)}${times}`,
        ),
      );
    }
    if (scatterWin !== null) {
      grid.forEach((column, reel) =>
        column.forEach((id, row) => id === scatterWin.symbol && winning.add(`${reel}:${row}`)),
      );
      lines.append(
        h(
          'li',
          {},
          `${scatterWin.count} × ${symbolName(config, scatterWin.symbol)} — ${formatRupees(scatterWin.payout)}${times}`,
        ),
      );
    }
    drawGrid(grid, winning);
  }

  function addRecent(entry: { spinId: string; stake: number; payout: number }): void {
    const item = h(
      'li',
      { class: entry.payout > 0 ? 'won' : '' },
      h('span', {}, `${formatRupees(entry.stake)} → `),
      h('strong', {}, formatRupees(entry.payout)),
      h(
        'a',
        { href: `/house-casino/verify?spin=${entry.spinId}`, target: '_blank', rel: 'noopener', class: 'verify-link' },
        'verify',
      ),
    );
    recent.prepend(item);
    while (recent.children.length > 10) recent.lastElementChild?.remove();
  }

  async function spin(): Promise<void> {
    if (spinning || info === null) return;
    if (stake > balance) {
      toast('Insufficient balance', 'error');
      return;
    }
    spinning = true;
    spinButton.disabled = true;
    reels.dataset.state = 'spinning';
    winText.textContent = '';
    clear(lines);
    freeSpinsPanel.hidden = true;
    setBalance(Math.round((balance - stake) * 100) / 100);
    try {
      const result = await api<SpinResult>('POST', `/api/v1/house-casino/slots/${game}/spin`, { stake });
      await animate(info.config, result.grid);
      showWins(info.config, result.grid, result.lineWins, result.scatterWin, 1);
      reels.dataset.mode = 'paid';
      if (result.freeSpins !== null) {
        const config = info.config;
        await playFreeSpinsBack(
          {
            panel: freeSpinsPanel,
            reels,
            show: (grid, wins, scatter, multiplier) => showWins(config, grid, wins, scatter, multiplier),
            animate,
            reducedMotion,
          },
          config,
          result.freeSpins,
        );
      }
      winText.textContent = result.payout > 0 ? `WIN ${formatRupees(result.payout)}` : 'No win this time';
      winText.classList.toggle('won', result.payout > 0);
      playSound(result.payout > 0 ? 'win' : 'lose');
      setBalance(result.balance);
      showSeeds(result.next);
      lastSpinId = result.spinId;
      reels.dataset.spinId = result.spinId;
      addRecent(result);
    } catch (error) {
      setBalance(balance + stake);
      toast(error instanceof GameError ? error.message : 'Something went wrong', 'error');
      void refreshBalance();
    } finally {
      spinning = false;
      spinButton.disabled = false;
      reels.dataset.state = 'idle';
    }
  }

  async function refreshBalance(): Promise<void> {
    try {
      setBalance((await api<{ balance: number }>('GET', '/api/v1/house-casino/balance')).balance);
    } catch {
      // keep the last known balance
    }
  }

  async function rotate(): Promise<void> {
    try {
      const seed = clientSeedInput.value.trim();
      const answer = await api<{
        revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; lastNonce: number } | null;
        next: SeedView;
      }>('POST', `/api/v1/house-casino/slots/${game}/rotate-seed`, seed.length > 0 ? { clientSeed: seed } : {});
      showSeeds(answer.next);
      clear(revealed);
      if (answer.revealed !== null) {
        revealed.append(
          h('p', {}, 'Previous server seed (now public):'),
          h('code', { 'data-testid': 'revealed-server-seed' }, answer.revealed.serverSeed),
          h(
            'p',
            {},
            `It hashes to the commitment you saw; it covered nonces 0–${Math.max(0, answer.revealed.lastNonce)} with client seed "${answer.revealed.clientSeed}".`,
          ),
          lastSpinId === null
            ? ''
            : h(
                'a',
                { href: `/house-casino/verify?spin=${lastSpinId}`, target: '_blank', rel: 'noopener' },
                'Verify my last spin',
              ),
        );
      }
      toast('New seed pair committed');
    } catch (error) {
      toast(error instanceof GameError ? error.message : 'Something went wrong', 'error');
    }
  }

  function renderPaytable(config: SlotConfig, rtp: number): void {
    clear(paytable);
    const wild = config.symbols.find((symbol) => symbol.kind === 'wild')?.name ?? 'The wild';
    const scatter = config.symbols.find((symbol) => symbol.kind === 'scatter')?.name ?? 'the scatter';
    paytable.append(
      h('h2', {}, 'Paytable'),
      h(
        'p',
        { class: 'muted' },
        `Pays per line, left to right, on ${config.paylines.length} lines; line stake = stake ÷ ${config.paylines.length}. ${wild} substitutes for every symbol but ${scatter}; ${scatter} pays anywhere on the total stake. Theoretical RTP ${(rtp * 100).toFixed(2)} %.`,
      ),
      config.freeSpins === undefined
        ? ''
        : h('p', { 'data-testid': 'free-spins-rules' }, freeSpinsRule(config, scatter)),
      h(
        'table',
        {},
        h('tr', {}, h('th', {}, ''), h('th', {}, '×3'), h('th', {}, '×4'), h('th', {}, '×5')),
        ...config.symbols.map((symbol) =>
          h(
            'tr',
            {},
            h('td', { class: 'pay-symbol' }, symbolCell(symbol.id), symbol.name),
            ...[3, 4, 5].map((count) => h('td', {}, `${(symbol.payByCountHundredths[count] ?? 0) / 100}×`)),
          ),
        ),
      ),
      h('h2', {}, 'Paylines'),
      h(
        'div',
        { class: 'paylines' },
        ...config.paylines.map((line, index) =>
          h(
            'div',
            { class: 'payline', title: `Line ${index + 1}` },
            h('span', {}, String(index + 1)),
            h(
              'div',
              { class: 'mini' },
              ...Array.from({ length: config.rows * line.length }, (_, i) =>
                h('i', { class: line[i % line.length] === Math.floor(i / line.length) ? 'on' : '' }),
              ),
            ),
          ),
        ),
      ),
    );
  }

  root.append(
    h(
      'main',
      { class: 'game slot-game' },
      h(
        'header',
        { class: 'topbar' },
        h('h1', {}, game === 'monsoon-gems' ? 'Monsoon Gems' : 'Royal Bengal'),
        muteButton(),
        h('div', { class: 'balance' }, h('span', {}, 'Balance '), balanceText),
      ),
      freeSpinsPanel,
      reels,
      winText,
      lines,
      h(
        'div',
        { class: 'controls' },
        h(
          'button',
          {
            class: 'round-button',
            'aria-label': 'Lower stake',
            onclick: () => stepStake(-1),
            'data-testid': 'stake-down',
          },
          '−',
        ),
        h('div', { class: 'stake' }, h('span', {}, 'Stake '), stakeText),
        h(
          'button',
          {
            class: 'round-button',
            'aria-label': 'Raise stake',
            onclick: () => stepStake(1),
            'data-testid': 'stake-up',
          },
          '+',
        ),
        spinButton,
      ),
      h('button', { class: 'link-button', onclick: () => (paytable.hidden = !paytable.hidden) }, 'Paytable & paylines'),
      paytable,
      h('section', { class: 'panel' }, h('h2', {}, 'Last spins'), recent),
      h(
        'section',
        { class: 'panel fair' },
        h('h2', {}, 'Provably fair'),
        h(
          'p',
          { class: 'muted' },
          'The server seed is fixed before you spin; you see its SHA-256 now and the seed itself when you rotate the pair.',
        ),
        h(
          'dl',
          {},
          h('dt', {}, 'Server seed hash'),
          h('dd', {}, seedHash),
          h('dt', {}, 'Client seed'),
          h('dd', {}, seedClient),
          h('dt', {}, 'Next nonce'),
          h('dd', {}, seedNonce),
        ),
        h(
          'div',
          { class: 'row' },
          clientSeedInput,
          h('button', { 'data-testid': 'rotate-seed', onclick: () => void rotate() }, 'Rotate'),
        ),
        revealed,
        verifyLink,
      ),
    ),
  );

  void (async () => {
    try {
      const session = await api<{ balance: number }>('GET', `/api/v1/house-casino/session/${game}`);
      setBalance(session.balance);
      info = await api<SlotInfo>('GET', `/api/v1/house-casino/slots/${game}`);
      const first = info.config.reels.map((strip) => [0, 1, 2].map((row) => strip[row % strip.length] as string));
      drawGrid(first);
      renderPaytable(info.config, info.theoreticalRtp);
      showSeeds(info.seeds);
      for (const entry of [...info.recent].reverse()) addRecent(entry);
      reels.dataset.state = 'idle';
      spinButton.disabled = false;
    } catch (error) {
      winText.textContent = error instanceof GameError ? error.message : 'The game could not start';
      reels.dataset.state = 'error';
    }
  })();
}
