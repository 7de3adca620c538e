import type { DeskGame, DeskProvider, DeskRound, DeskTransaction, Reconciliation } from '../api/keys';
import { ok, shellReads, stubApi } from '../../../testing/fake-api';
import type { RecordedCall } from '../../../testing/fake-api';

export const HOUSE: DeskProvider = {
  _id: '1',
  code: 'khel-house',
  name: 'Khel Originals',
  kind: 'house',
  launchUrlTemplate: '/house-casino/play/{game}?token={token}',
  active: true,
  secretHint: '…9272',
  netPayoutLimit: 10_000_000,
  netPaidOut: -1_250.5,
  createdAt: '2026-01-01T10:00:00.000Z',
};

export const EXTERNAL: DeskProvider = {
  _id: '2',
  code: 'ezugi',
  name: 'Ezugi',
  kind: 'external',
  launchUrlTemplate: 'https://play.ezugi.example/launch?token={token}&game={game}',
  active: true,
  secretHint: '…ab12',
  netPayoutLimit: 500_000,
  netPaidOut: 12_000,
  createdAt: '2026-01-02T10:00:00.000Z',
};

export function game(id: string, overrides: Partial<DeskGame> = {}): DeskGame {
  const code = overrides.game_code ?? `game-${id}`;
  return {
    _id: id,
    title: `Game ${id}`,
    game_images: `/house-casino/thumbs/${code}.svg`,
    game_category: 'Card Games',
    provider_name: 'Khel Originals',
    provider_code: 'khel-house',
    game_code: code,
    is_slot: false,
    order: Number(id) * 10,
    launch: { kind: 'table', method: 'GET', path: `/live-casino/${code}`, body: null },
    enabled: true,
    launch_kind: 'table',
    ...overrides,
  };
}

export const GAMES: DeskGame[] = [
  game('1', {
    title: 'Royal Bengal',
    game_code: 'royal-bengal',
    game_category: 'Video Slots',
    is_slot: true,
    launch_kind: 'play',
  }),
  game('2', { title: 'Dragon Tiger', game_code: 'dragon-tiger' }),
  game('3', { title: 'Andar Bahar', game_code: 'andar-bahar' }),
];

export const ROUND: DeskRound = {
  _id: '1',
  roundId: 'spin-d267bc01',
  provider: 'khel-house',
  provider_name: 'Khel Originals',
  game_code: 'royal-bengal',
  title: 'Royal Bengal',
  description: 'Slots / Khel Originals / 22/11/2026',
  wallet: 'main',
  status: 'credited',
  stake: 1000,
  payout: 2500.5,
  profitLoss: 1500.5,
  createdAt: '2026-11-21T20:02:18.979Z',
  settledAt: '2026-11-21T20:02:19.020Z',
  userId: 'f9a3675e-39ae-4d95-8833-8e3356d44b9c',
  username: 'demoplayer',
  debits: 1,
  credits: 1,
  rollbacks: 0,
};

export const TRANSACTIONS: DeskTransaction[] = [
  {
    _id: '2',
    transactionId: 'win-d267bc01',
    kind: 'credit',
    roundId: 'spin-d267bc01',
    userId: ROUND.userId,
    username: 'demoplayer',
    wallet: 'main',
    amount: 2500.5,
    journalTransactionId: '3',
    createdAt: '2026-11-21T20:02:19.020Z',
  },
  {
    _id: '1',
    transactionId: 'spin-d267bc01',
    kind: 'debit',
    roundId: 'spin-d267bc01',
    userId: ROUND.userId,
    username: 'demoplayer',
    wallet: 'main',
    amount: 1000,
    journalTransactionId: '2',
    createdAt: '2026-11-21T20:02:18.979Z',
  },
  {
    _id: '3',
    transactionId: 'bet-77',
    kind: 'rollback_tombstone',
    roundId: 'dragon-tiger:12',
    userId: ROUND.userId,
    username: 'demoplayer',
    wallet: null,
    amount: 0,
    journalTransactionId: null,
    createdAt: '2026-11-21T20:05:00.000Z',
  },
];

export const MATCHED: Reconciliation = {
  provider: 'khel-house',
  debits: 1000,
  credits: 2500.5,
  rollbacks: 0,
  journalNet: -1500.5,
  problems: [],
};

type Handler = (call: RecordedCall) => unknown;

/** The app around the desk (settings, the signed-in director, the sidebar's counts) plus the casino calls. */
export function stubCasino(handlers: Record<string, Handler>, options: { role?: number } = {}) {
  return stubApi({
    ...shellReads({ role: options.role ?? 1 }),
    'GET /backoffice/casino/providers': () => ok([HOUSE, EXTERNAL]),
    'GET /backoffice/casino/games': () => ok(GAMES),
    ...handlers,
  });
}

/** The Hub88 aggregator's provider row (decision 0046): its calls are RSA-signed, its secret is unused. */
export const HUB88: DeskProvider = {
  _id: '3',
  code: 'hub88',
  name: 'Hub88',
  kind: 'aggregator',
  launchUrlTemplate: '',
  active: true,
  secretHint: '…4f0c',
  netPayoutLimit: 10_000_000,
  netPaidOut: 0,
  createdAt: '2026-01-03T10:00:00.000Z',
};
