import type { CasinoBet, CasinoGame } from '@khel/contract';
import { paiseToRupees, indiaDate, indiaDateRange, indiaDayMonthYear, indiaMidnight } from '@khel/money';
import type { Database } from '../../db/database.js';
import { fail } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { newOpaqueToken, sha256Hex } from '../../lib/crypto.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Caller } from '../identity/identity-service.js';
import { createCasinoProviderAdmin } from './casino-provider-admin.js';
import type { GameRow, ProviderRow, RoundListRow } from './casino-repository.js';
import { createCasinoRepository } from './casino-repository.js';
import type { CasinoWalletService } from './casino-wallet-service.js';
import { stakeWallet } from './casino-wallet-protocol.js';

/** A launch token lets the provider identify the player for this long (one game session). */
export const LAUNCH_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;
/** The reconciliation view calls a round unmatched when it is still open after this long. */
const OPEN_ROUND_ALERT_MS = 30 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

function launchOf(game: GameRow): CasinoGame['launch'] {
  switch (game.launch_kind) {
    case 'table':
      return { kind: 'table', method: 'GET', path: `/live-casino/${game.code}`, body: null };
    case 'qtech':
      return { kind: 'qtech', method: 'GET', path: `/live-casino-qtech/${game.code}`, body: null };
    case 'win':
      return { kind: 'win', method: 'GET', path: `/live-casino-win/${game.code}/${game.provider_code}`, body: null };
    default:
      return { kind: 'play', method: 'POST', path: '/play-game', body: { gameId: String(game.id) } };
  }
}

export function toCasinoGame(game: GameRow): CasinoGame {
  return {
    _id: String(game.id),
    title: game.title,
    game_images: game.image,
    game_category: game.category,
    provider_name: game.provider_name,
    provider_code: game.provider_code,
    game_code: game.code,
    is_slot: game.is_slot,
    order: game.sort_order,
    launch: launchOf(game),
  };
}

function toBet(row: RoundListRow): CasinoBet {
  const credited = row.status === 'credited';
  return {
    _id: String(row.id),
    roundId: row.round_id,
    provider: row.provider_code,
    provider_name: row.provider_name,
    game_code: row.game_code,
    title: row.title,
    description: `${row.is_slot ? 'Slots' : 'Live Casino'} / ${row.provider_name} / ${indiaDayMonthYear(row.created_at)}`,
    wallet: row.wallet,
    status: row.status,
    stake: paiseToRupees(row.stake_paise),
    payout: paiseToRupees(row.payout_paise),
    profitLoss: credited ? paiseToRupees(row.payout_paise - row.stake_paise) : 0,
    createdAt: row.created_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
  };
}

/** A round as the back office lists it: the player's view plus who played and how many calls it took. */
function toRoundRow(row: RoundListRow) {
  return {
    ...toBet(row),
    userId: row.user_id,
    username: row.username,
    debits: row.debits,
    credits: row.credits,
    rollbacks: row.rollbacks,
  };
}

function dayRange(date: string | undefined, now: Date): { from: Date; to: Date } {
  const from = indiaMidnight(date ?? indiaDate(now));
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

/**
 * The player side of the casino (lobby, launching a game, the player's rounds) and the back office's
 * catalogue, provider settings and reports. Money moves only in the casino wallet service.
 */
/** Where a launch comes from: an aggregator is told the player's address and whether it is a phone. */
export interface LaunchOrigin {
  ip: string;
  mobile: boolean;
}
/** An aggregator's game URL for a fresh session token (Hub88's game/url, decision 0046). */
export type AggregatorLaunch = (input: {
  userId: string;
  token: string;
  gameCode: string;
  origin: LaunchOrigin;
}) => Promise<string>;

export function createCasinoService(deps: {
  db: Database;
  casinoWallet: CasinoWalletService;
  audit: AuditService;
  clock: Clock;
}) {
  const { db, casinoWallet, audit, clock } = deps;
  let aggregatorLaunch: AggregatorLaunch | null = null;
  let aggregatorDifferences:
    | (() => Promise<{ kind: string; transactionId: string | null; roundId: string | null; detail: string }[]>)
    | null = null;
  const repository = createCasinoRepository(db);
  const providerAdmin = createCasinoProviderAdmin({ db, casinoWallet, audit });

  async function launch(caller: Caller, game: GameRow | null, origin: LaunchOrigin): Promise<{ url: string }> {
    if (game === null || !game.enabled || !game.provider_active) fail('NOT_FOUND', 'This game is not available');
    if (game.is_slot ? !caller.permissions.allowSlots : !caller.permissions.allowLiveCasino) {
      fail('FORBIDDEN', `You do not have access to ${game.is_slot ? 'slots' : 'live casino'}`);
    }
    const provider =
      (await repository.providerById(game.provider_id)) ?? fail('NOT_FOUND', 'This game is not available');
    const player = (await repository.player(caller.userId)) ?? fail('NOT_FOUND', 'No such player');
    const token = newOpaqueToken();
    const now = clock.now();
    // The session fixes the wallet (and currency) the provider may debit and read for this launch.
    await repository.insertSession({
      tokenHash: sha256Hex(token),
      userId: caller.userId,
      providerId: provider.id,
      gameId: game.id,
      wallet: stakeWallet(player),
      at: now,
      expiresAt: new Date(now.getTime() + LAUNCH_TOKEN_TTL_MS),
    });
    // An aggregator is asked for the game's URL with the fresh token; it answers one carrying it.
    if (provider.kind === 'aggregator') {
      if (aggregatorLaunch === null) fail('CASINO_PROVIDER_UNAVAILABLE');
      try {
        return { url: await aggregatorLaunch({ userId: caller.userId, token, gameCode: game.code, origin }) };
      } catch {
        fail('CASINO_PROVIDER_UNAVAILABLE');
      }
    }
    const url = provider.launch_url_template
      .replaceAll('{token}', encodeURIComponent(token))
      .replaceAll('{game}', encodeURIComponent(game.code))
      .replaceAll('{lang}', 'en')
      .replaceAll('{currency}', 'INR');
    return { url };
  }

  async function providerOrFail(code: string): Promise<ProviderRow> {
    return (await repository.providerByCode(code)) ?? fail('NOT_FOUND', 'No such provider');
  }

  return {
    /** How an aggregator's game is launched (its client's game/url: wired by the casino module). */
    useAggregatorLaunch(launcher: AggregatorLaunch): void {
      aggregatorLaunch = launcher;
    },
    /** The aggregator's daily reconciliation differences, shown with its provider's reconciliation. */
    useAggregatorDifferences(source: NonNullable<typeof aggregatorDifferences>): void {
      aggregatorDifferences = source;
    },

    async lobby(query: { slots?: boolean; category?: string; provider?: string }): Promise<CasinoGame[]> {
      return (await repository.lobby(query)).map(toCasinoGame);
    },

    /** POST /play-game { gameId }: the game's id (digits) or code. */
    async playGame(caller: Caller, gameId: string, origin: LaunchOrigin) {
      return launch(caller, await repository.findGame(gameId, null), origin);
    },
    /** /live-casino/{table_id}: a live table, by its game code or id. */
    async liveTable(caller: Caller, tableId: string, origin: LaunchOrigin) {
      const game = await repository.findGame(tableId, null);
      return launch(caller, game !== null && !game.is_slot ? game : null, origin);
    },
    /** /live-casino-qtech/{game_id} and /live-casino-win/{game_id}/{provider_id}. */
    async providerGame(caller: Caller, gameId: string, providerKey: string | null, origin: LaunchOrigin) {
      return launch(caller, await repository.findGame(gameId, providerKey), origin);
    },

    /** The player's rounds on one India date (today by default), newest first. */
    async betsByDate(caller: Caller, query: { provider?: string; date?: string }): Promise<CasinoBet[]> {
      const { from, to } = dayRange(query.date, clock.now());
      const provider = query.provider !== undefined && query.provider.length > 0 ? query.provider : undefined;
      return (
        await repository.rounds({
          userId: caller.userId,
          ...(provider === undefined ? {} : { providerKey: provider }),
          from,
          to,
          limit: 500,
        })
      ).map(toBet);
    },

    // Back office

    ...providerAdmin,

    async games() {
      return (await repository.allGames()).map((game) => ({
        ...toCasinoGame(game),
        enabled: game.enabled,
        launch_kind: game.launch_kind,
      }));
    },
    async createGame(
      actor: Caller,
      input: {
        providerCode: string;
        code: string;
        title: string;
        category: string;
        image: string;
        isSlot: boolean;
        launchKind: string;
        order: number;
        enabled: boolean;
      },
      ip: string,
    ) {
      const provider = await providerOrFail(input.providerCode);
      const id =
        (await repository.insertGame({ ...input, providerId: provider.id })) ??
        fail('CONFLICT', 'This provider already has a game with this code');
      casinoWallet.invalidate();
      await audit.record({
        actorId: actor.userId,
        action: 'casino.game.create',
        targetType: 'casino_game',
        targetId: String(id),
        details: input,
        ip,
      });
      const game = (await repository.gameById(id)) as GameRow;
      return { ...toCasinoGame(game), enabled: game.enabled, launch_kind: game.launch_kind };
    },
    async updateGame(
      actor: Caller,
      id: number,
      input: { title?: string; category?: string; image?: string; order?: number; enabled?: boolean },
      ip: string,
    ) {
      if (!(await repository.updateGame(id, input))) fail('NOT_FOUND', 'No such game');
      casinoWallet.invalidate();
      await audit.record({
        actorId: actor.userId,
        action: 'casino.game.update',
        targetType: 'casino_game',
        targetId: String(id),
        details: input,
        ip,
      });
      const game = (await repository.gameById(id)) as GameRow;
      return { ...toCasinoGame(game), enabled: game.enabled, launch_kind: game.launch_kind };
    },

    async rounds(query: { provider: string; date?: string; limit: number }) {
      const provider = await providerOrFail(query.provider);
      const { from, to } = dayRange(query.date, clock.now());
      return (await repository.rounds({ providerKey: provider.code, from, to, limit: query.limit })).map(toRoundRow);
    },
    /**
     * One account's rounds started in an India date range, optionally of one provider (a house game's
     * provider or a Hub88 studio, as party win/loss names it): the drill-down from its casino columns.
     */
    async userRounds(userId: string, query: { start_date?: string; end_date?: string; provider?: string }) {
      const { from, to } = indiaDateRange(query, clock.now());
      const rows = await repository.rounds({
        userId,
        ...(query.provider === undefined ? {} : { providerKey: query.provider }),
        from,
        to,
        limit: 1000,
      });
      return rows.map(toRoundRow);
    },
    async transactions(query: { provider: string; date?: string; limit: number }) {
      const provider = await providerOrFail(query.provider);
      const { from, to } = dayRange(query.date, clock.now());
      return (await repository.transactions(provider.id, from, to, query.limit)).map((row) => ({
        _id: String(row.id),
        transactionId: row.transaction_id,
        kind: row.kind,
        roundId: row.round_id,
        userId: row.user_id,
        username: row.username,
        wallet: row.wallet,
        amount: paiseToRupees(row.amount_paise),
        journalTransactionId: row.journal_transaction_id === null ? null : String(row.journal_transaction_id),
        createdAt: row.created_at.toISOString(),
      }));
    },
    /**
     * The provider's wallet transactions against the journal: totals by kind, the net of its casino
     * house account (debits − credits − rollbacks must equal it), and every unmatched item.
     */
    async reconciliation(code: string) {
      const provider = await providerOrFail(code);
      const totals = new Map(
        (await repository.reconciliationTotals(provider.id, provider.code)).map((row) => [row.kind, row.total]),
      );
      const debits = totals.get('debit') ?? 0;
      const credits = totals.get('credit') ?? 0;
      const rollbacks = totals.get('rollback') ?? 0;
      const journalNet = totals.get('journal') ?? 0;
      const problems = (
        await repository.reconciliationProblems(
          provider.id,
          provider.code,
          new Date(clock.now().getTime() - OPEN_ROUND_ALERT_MS),
        )
      ).map((row) => ({
        kind: row.kind,
        transactionId: row.transaction_id,
        roundId: row.round_id,
        detail: row.detail,
      }));
      // An aggregator's own report against ours, day by day (decision 0046).
      if (provider.kind === 'aggregator' && aggregatorDifferences !== null)
        problems.push(...(await aggregatorDifferences()));
      if (debits - credits - rollbacks !== journalNet) {
        problems.unshift({
          kind: 'TOTALS_MISMATCH',
          transactionId: null,
          roundId: null,
          detail: `wallet transactions net ${debits - credits - rollbacks} paise, journal ${journalNet} paise`,
        });
      }
      return {
        provider: provider.code,
        debits: paiseToRupees(debits),
        credits: paiseToRupees(credits),
        rollbacks: paiseToRupees(rollbacks),
        journalNet: paiseToRupees(journalNet),
        problems,
      };
    },
  };
}
export type CasinoService = ReturnType<typeof createCasinoService>;
