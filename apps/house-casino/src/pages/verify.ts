import {
  DEFAULT_ANDAR_BAHAR_CONFIG,
  DEFAULT_DRAGON_TIGER_CONFIG,
  DEFAULT_SLOT_CONFIG,
  cardLabel,
  crashPointHundredths,
  dealTableRound,
  spinSlot,
  verifyCrashChain,
} from '@khel/casino-games';
import type { SlotConfig, TableGame, TableResult } from '@khel/casino-games';
import { formatRupees } from '@khel/money';
import { api, GameError } from '../lib/api.js';
import { cardElement } from '../lib/cards.js';
import { clear, h } from '../lib/dom.js';
import { sha256Hex } from '../lib/sha256.js';

interface Published {
  serverSeed: string | null;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}
interface VerifyAnswer {
  kind: 'table' | 'slot';
  game: unknown;
  published: Published;
  claimed: unknown;
  verification: { valid: boolean; failure: string | null } | null;
}

/** JSON with sorted keys: a result read back from the database compares equal to one computed here. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

function describeResult(result: TableResult): HTMLElement {
  if (result.kind === 'teen-patti') {
    return h(
      'div',
      { class: 'verify-cards' },
      h(
        'span',
        {},
        `Player A ${result.playerACards.map(cardLabel).join(' ')} (${result.playerAHand}) · Player B ${result.playerBCards.map(cardLabel).join(' ')} (${result.playerBHand})`,
      ),
      h('strong', {}, ` → ${result.winner}`),
    );
  }
  if (result.kind === 'lucky-seven')
    return h(
      'div',
      { class: 'verify-cards' },
      h('span', {}, 'Card'),
      cardElement(result.card),
      h('strong', {}, ` → ${result.winner}, ${result.colour}`),
    );
  if (result.kind === 'dragon-tiger') {
    return h(
      'div',
      { class: 'verify-cards' },
      h('span', {}, 'Dragon'),
      cardElement(result.dragonCard),
      h('span', {}, 'Tiger'),
      cardElement(result.tigerCard),
      h('strong', {}, ` → ${result.winner}`),
    );
  }
  return h(
    'div',
    { class: 'verify-cards' },
    h('span', {}, 'Joker'),
    cardElement(result.joker),
    h(
      'span',
      {},
      `Andar ${result.andarCards.map(cardLabel).join(' ')} · Bahar ${result.baharCards.map(cardLabel).join(' ')}`,
    ),
    h('strong', {}, ` → ${result.winner}`),
  );
}

function check(label: string, pass: boolean, testId: string): HTMLElement {
  return h('li', { class: pass ? 'pass' : 'fail', 'data-testid': testId }, `${pass ? '✔' : '✘'} ${label}`);
}

/**
 * Anyone can check a round here: the page fetches what the server published, then recomputes the
 * hash and the outcome in this browser with the same game code, trusting nothing but the seeds.
 */
export function mountVerify(root: HTMLElement): void {
  const params = new URLSearchParams(window.location.search);
  const output = h('section', { class: 'panel', 'data-testid': 'verify-output', 'aria-live': 'polite' });
  const tableSelect = h(
    'select',
    { 'aria-label': 'Table' },
    h('option', { value: 'dragon-tiger' }, 'Dragon Tiger'),
    h('option', { value: 'andar-bahar' }, 'Andar Bahar'),
    h('option', { value: 'teen-patti' }, 'Teen Patti 20-20'),
    h('option', { value: 'lucky-7' }, 'Lucky 7'),
  );
  const roundInput = h('input', {
    type: 'number',
    min: '1',
    placeholder: 'Round number',
    'aria-label': 'Round number',
  });
  const spinInput = h('input', { type: 'text', placeholder: 'Spin id', 'aria-label': 'Spin id' });
  const manualServer = h('input', { type: 'text', placeholder: 'Server seed (64 hex)', 'aria-label': 'Server seed' });
  const manualClient = h('input', { type: 'text', placeholder: 'Client seed', 'aria-label': 'Client seed' });
  const manualNonce = h('input', { type: 'number', min: '0', placeholder: 'Nonce', 'aria-label': 'Nonce' });
  const manualGame = h(
    'select',
    { 'aria-label': 'Game' },
    h('option', { value: 'dragon-tiger' }, 'Dragon Tiger'),
    h('option', { value: 'andar-bahar' }, 'Andar Bahar'),
    h('option', { value: 'royal-bengal' }, 'Royal Bengal (₹20 stake)'),
  );

  function show(
    published: Published,
    recompute: () => { match: boolean; detail: HTMLElement },
    serverSays: { valid: boolean; failure: string | null } | null,
  ): void {
    clear(output);
    output.append(
      h(
        'dl',
        {},
        h('dt', {}, 'Server seed hash (shown before the round)'),
        h('dd', {}, h('code', {}, published.serverSeedHash)),
        h('dt', {}, 'Server seed'),
        h('dd', {}, h('code', {}, published.serverSeed ?? 'not revealed yet')),
        h('dt', {}, 'Client seed'),
        h('dd', {}, h('code', {}, published.clientSeed)),
        h('dt', {}, 'Nonce'),
        h('dd', {}, h('code', {}, String(published.nonce))),
      ),
    );
    if (published.serverSeed === null) {
      output.append(
        h(
          'p',
          { 'data-testid': 'verify-pending' },
          'The server seed is still secret: a table round reveals it when its cards are dealt, a slot seed pair when you rotate it. Come back then.',
        ),
      );
      return;
    }
    const hashOk = sha256Hex(published.serverSeed) === published.serverSeedHash.toLowerCase();
    const { match, detail } = recompute();
    output.append(
      h(
        'ul',
        { class: 'checks' },
        check('SHA-256 of the server seed equals the hash shown before the round', hashOk, 'check-hash'),
        check('The outcome recomputed in this browser equals the outcome played', match, 'check-result'),
      ),
      detail,
      h(
        'p',
        { class: hashOk && match ? 'verdict pass' : 'verdict fail', 'data-testid': 'verdict' },
        hashOk && match ? 'Verified: this round was fair.' : 'Not verified.',
      ),
      serverSays === null
        ? ''
        : h(
            'p',
            { class: 'muted' },
            `The server's own check: ${serverSays.valid ? 'valid' : (serverSays.failure ?? 'invalid')}.`,
          ),
    );
  }

  async function verifyTable(tableId: string, roundNumber: number): Promise<void> {
    try {
      const answer = await api<VerifyAnswer>('GET', `/api/v1/house-casino/verify/table/${tableId}/${roundNumber}`);
      show(
        answer.published,
        () => {
          const seeds = {
            serverSeed: answer.published.serverSeed as string,
            clientSeed: answer.published.clientSeed,
            nonce: answer.published.nonce,
          };
          const recomputed = dealTableRound(answer.game as TableGame, seeds);
          return {
            match: canonical(recomputed) === canonical(answer.claimed),
            detail: h('div', {}, h('h3', {}, `Round ${roundNumber}, recomputed`), describeResult(recomputed)),
          };
        },
        answer.verification,
      );
    } catch (error) {
      clear(output);
      output.append(h('p', {}, error instanceof GameError ? error.message : 'Could not load the round'));
    }
  }

  async function verifySpin(spinId: string): Promise<void> {
    try {
      const answer = await api<VerifyAnswer>('GET', `/api/v1/house-casino/verify/spin/${encodeURIComponent(spinId)}`);
      const claimed = answer.claimed as { stakePaise: number; stops: number[]; totalPayoutPaise: number };
      const config = (answer.game as { config: SlotConfig }).config;
      show(
        answer.published,
        () => {
          const spin = spinSlot(
            config,
            {
              serverSeed: answer.published.serverSeed as string,
              clientSeed: answer.published.clientSeed,
              nonce: answer.published.nonce,
            },
            claimed.stakePaise,
          );
          const match =
            spin.totalPayoutPaise === claimed.totalPayoutPaise && spin.stops.join(',') === claimed.stops.join(',');
          return {
            match,
            detail: h(
              'div',
              {},
              h('h3', {}, 'Spin, recomputed'),
              h(
                'p',
                {},
                `Stops ${spin.stops.join(', ')} · stake ${formatRupees(spin.stakePaise / 100)} · pays ${formatRupees(spin.totalPayoutPaise / 100)}`,
              ),
              h(
                'pre',
                { class: 'grid-text' },
                [0, 1, 2].map((row) => spin.grid.map((column) => (column[row] ?? '').padEnd(9)).join('')).join('\n'),
              ),
              spin.freeSpins === null
                ? ''
                : h(
                    'p',
                    { 'data-testid': 'verify-free-spins' },
                    `Free spins: ${spin.freeSpins.spinsPlayed} (${spin.freeSpins.retriggers} retriggers) paid ${formatRupees(spin.freeSpins.payoutPaise / 100)}, stops ${spin.freeSpins.spins.map((s) => s.stops.join('-')).join(' · ')}`,
                  ),
            ),
          };
        },
        answer.verification,
      );
    } catch (error) {
      clear(output);
      output.append(h('p', {}, error instanceof GameError ? error.message : 'Could not load the spin'));
    }
  }

  function verifyManual(): void {
    const serverSeed = manualServer.value.trim();
    const seeds = { serverSeed, clientSeed: manualClient.value, nonce: Number(manualNonce.value) };
    const published = { ...seeds, serverSeedHash: sha256Hex(serverSeed) };
    try {
      const game = manualGame.value;
      show(
        published,
        () => {
          if (game === 'royal-bengal') {
            const spin = spinSlot(DEFAULT_SLOT_CONFIG, seeds, 2_000);
            return {
              match: true,
              detail: h(
                'p',
                {},
                `Stops ${spin.stops.join(', ')} · a ₹20 spin pays ${formatRupees(spin.totalPayoutPaise / 100)}`,
              ),
            };
          }
          const tableGame: TableGame =
            game === 'dragon-tiger'
              ? { kind: 'dragon-tiger', rules: DEFAULT_DRAGON_TIGER_CONFIG }
              : { kind: 'andar-bahar', rules: DEFAULT_ANDAR_BAHAR_CONFIG };
          return { match: true, detail: describeResult(dealTableRound(tableGame, seeds)) };
        },
        null,
      );
    } catch {
      clear(output);
      output.append(h('p', {}, 'Enter a 64-character hex server seed, a client seed and a nonce.'));
    }
  }

  root.append(
    h(
      'main',
      { class: 'game verify-page' },
      h('header', { class: 'topbar' }, h('h1', {}, 'Verify a round')),
      h(
        'p',
        { class: 'muted' },
        'Every round commits to a server seed before it starts (you see its SHA-256). After the round the seed is published; this page recomputes the outcome from it, in your browser.',
      ),
      h(
        'section',
        { class: 'panel' },
        h('h2', {}, 'Table round'),
        h(
          'div',
          { class: 'row' },
          tableSelect,
          roundInput,
          h(
            'button',
            {
              'data-testid': 'verify-table',
              onclick: () => void verifyTable(tableSelect.value, Number(roundInput.value)),
            },
            'Verify',
          ),
        ),
      ),
      h(
        'section',
        { class: 'panel' },
        h('h2', {}, 'Slot spin'),
        h(
          'div',
          { class: 'row' },
          spinInput,
          h('button', { onclick: () => void verifySpin(spinInput.value.trim()) }, 'Verify'),
        ),
      ),
      h(
        'section',
        { class: 'panel' },
        h('h2', {}, 'Any seeds'),
        h(
          'div',
          { class: 'row wrap' },
          manualGame,
          manualServer,
          manualClient,
          manualNonce,
          h('button', { onclick: verifyManual }, 'Compute'),
        ),
      ),
      output,
    ),
  );

  /** A crash round: its seed must lead to the chain's commitment, and give the crash point played. */
  async function verifyCrash(gameCode: string, roundNumber: number): Promise<void> {
    clear(output);
    try {
      const answer = await api<{
        serverSeed: string | null;
        serverSeedHash: string;
        chainIndex: number;
        commitment: string;
        salt: string;
        houseEdgeBasisPoints: number;
        crashPoint: number | null;
      }>('GET', `/api/v1/house-casino/verify/crash/${encodeURIComponent(gameCode)}/${roundNumber}`);
      output.append(
        h(
          'dl',
          {},
          h('dt', {}, 'Chain commitment'),
          h('dd', {}, h('code', {}, answer.commitment)),
          h('dt', {}, 'Round seed'),
          h('dd', {}, h('code', {}, answer.serverSeed ?? 'not revealed yet')),
          h('dt', {}, 'Position on the chain'),
          h('dd', {}, String(answer.chainIndex)),
        ),
      );
      if (answer.serverSeed === null || answer.crashPoint === null) {
        output.append(
          h('p', { 'data-testid': 'verify-pending' }, 'The seed is revealed when the round crashes. Come back then.'),
        );
        return;
      }
      const chainOk = verifyCrashChain(answer.serverSeed, answer.chainIndex, answer.commitment);
      const recomputed = crashPointHundredths(answer.serverSeed, answer.salt, answer.houseEdgeBasisPoints);
      const match = recomputed === answer.crashPoint;
      output.append(
        h(
          'ul',
          { class: 'checks' },
          check(`Hashing the seed ${answer.chainIndex} times gives the commitment`, chainOk, 'check-hash'),
          check(
            `The crash point recomputed here, ${(recomputed / 100).toFixed(2)}×, equals the one played`,
            match,
            'check-result',
          ),
        ),
        h(
          'p',
          { class: chainOk && match ? 'verdict pass' : 'verdict fail', 'data-testid': 'verdict' },
          chainOk && match ? 'Verified: this round was fair.' : 'Not verified.',
        ),
      );
    } catch (error) {
      output.append(
        h('p', { class: 'verdict fail' }, error instanceof GameError ? error.message : 'Could not load the round'),
      );
    }
  }

  const table = params.get('table');
  const round = params.get('round');
  const spin = params.get('spin');
  const crash = params.get('crash');
  if (crash !== null && round !== null) void verifyCrash(crash, Number(round));
  else if (table !== null && round !== null) {
    tableSelect.value = table;
    roundInput.value = round;
    void verifyTable(table, Number(round));
  } else if (spin !== null) {
    spinInput.value = spin;
    void verifySpin(spin);
  }
}
