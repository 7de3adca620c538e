import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { AuthGuards } from '../../plugins/auth.js';
import type { AuditService } from '../audit/audit-service.js';
import type { WalletService } from '../wallet/wallet-service.js';
import type { WageringListener } from '../bonus/bonus-rules.js';
import { casinoRoutes } from './casino-routes.js';
import { createCasinoService } from './casino-service.js';
import { casinoWalletRoutes } from './casino-wallet-routes.js';
import { createCasinoWalletService } from './casino-wallet-service.js';
import type { CasinoWalletWriterOptions } from './casino-wallet-writer.js';
import { crashRoutes, registerCrashLive } from './house-provider/crash-routes.js';
import { createHouseCrashService } from './house-provider/crash-service.js';
import { houseCasinoRoutes } from './house-provider/house-casino-routes.js';
import { createHouseCasinoService } from './house-provider/house-casino-service.js';
import { HOUSE_CRASH, HOUSE_PROVIDER_CODE } from './house-provider/house-games.js';
import { createMyGamesService, myGamesRoutes } from './my-games.js';
import type { WalletTransport } from './house-provider/house-wallet-client.js';
import { createHouseWalletClient, fetchTransport } from './house-provider/house-wallet-client.js';
import type { HttpTransport } from '../../lib/http-transport.js';
import { fetchTransport as httpFetchTransport, injectTransport, loopbackUrl } from '../../lib/http-transport.js';
import { createHub88Admin } from './hub88/hub88-admin.js';
import { hub88AdminRoutes } from './hub88/hub88-admin-routes.js';
import { createHub88Client } from './hub88/hub88-client.js';
import type { Hub88Setup } from './hub88/hub88-setup.js';
import { hub88Setup } from './hub88/hub88-setup.js';
import { hub88WalletRoutes } from './hub88/hub88-wallet-routes.js';
import { createHub88WalletService } from './hub88/hub88-wallet-service.js';

/**
 * The casino module's services: the seamless wallet providers call, the lobby/launch/reports service,
 * and the built-in house provider, which reaches the wallet only through signed HTTP calls.
 */
export function createCasinoServices(deps: {
  db: Database;
  wallet: WalletService;
  audit: AuditService;
  clock: Clock;
  onWagering?: WageringListener;
  writer?: CasinoWalletWriterOptions;
  /** Who Hub88 is (decision 0046): the real aggregator, the built-in simulator, or nobody. */
  hub88?: Hub88Setup;
}) {
  const casinoWallet = createCasinoWalletService({
    db: deps.db,
    wallet: deps.wallet,
    clock: deps.clock,
    ...(deps.onWagering === undefined ? {} : { onWagering: deps.onWagering }),
    ...(deps.writer === undefined ? {} : { writer: deps.writer }),
  });
  const casino = createCasinoService({ db: deps.db, casinoWallet, audit: deps.audit, clock: deps.clock });
  let transport: WalletTransport | null = null;
  const houseWallet = createHouseWalletClient({
    providerCode: HOUSE_PROVIDER_CODE,
    secret: async () => {
      const provider = await casinoWallet.provider(HOUSE_PROVIDER_CODE);
      if (provider === null) throw new Error('the house provider is missing (migration 0006)');
      return provider.secret;
    },
    transport: () => {
      if (transport === null) throw new Error('the house provider has no route to the wallet yet');
      return transport;
    },
    clock: deps.clock,
  });
  const house = createHouseCasinoService({ db: deps.db, clock: deps.clock, wallet: houseWallet });
  const crash = createHouseCrashService({
    db: deps.db,
    clock: deps.clock,
    wallet: houseWallet,
    player: house.player,
    config: HOUSE_CRASH.config,
  });
  const myGames = createMyGamesService({ db: deps.db, clock: deps.clock });
  const hub88 = deps.hub88 ?? hub88Setup({ MONEY_MODE: 'real' });
  const hub88Wallet = createHub88WalletService({
    db: deps.db,
    casinoWallet,
    clock: deps.clock,
    subPartnerId: hub88.subPartnerId,
  });
  // Our own server, as the simulator and our Hub88 client reach it: inject until it listens, then HTTP.
  let self: HttpTransport | null = null;
  const selfTransport = (): HttpTransport => {
    if (self === null) throw new Error('the server has no route to itself yet');
    return self;
  };
  const hub88Api = hub88.apiUrl === null ? null : httpFetchTransport(hub88.apiUrl);
  const hub88Client = createHub88Client({
    transport: () => hub88Api ?? prefixed(selfTransport(), '/hub88-sim'),
    keys: () => hub88.keys,
    operatorId: hub88.operatorId,
  });
  const hub88Admin = createHub88Admin({
    db: deps.db,
    client: hub88Client,
    casinoWallet,
    audit: deps.audit,
    clock: deps.clock,
  });
  casino.useAggregatorDifferences(() => hub88Admin.differences());
  casino.useAggregatorLaunch(async ({ userId, token, gameCode, origin }) =>
    hub88Client.gameUrl({
      user: userId,
      token,
      game_code: gameCode,
      platform: origin.mobile ? 'GPL_MOBILE' : 'GPL_DESKTOP',
      currency: 'INR',
      lang: 'en',
      country: 'IN',
      ip: origin.ip,
      lobby_url: '/live-casino',
      ...(hub88.subPartnerId === undefined ? {} : { sub_partner_id: hub88.subPartnerId }),
    }),
  );
  return {
    casinoWallet,
    hub88Wallet,
    hub88Keys: hub88.keys,
    hub88Admin,
    hub88Client,
    /** This server, as a built-in partner (the Hub88 simulator) reaches it: inject, then HTTP once listening. */
    selfTransport,
    /** How the built-in partners reach this server (inject, then HTTP once listening). */
    useSelfTransport(next: HttpTransport): void {
      self = next;
    },
    casino,
    house,
    crash,
    myGames,
    /** How the house provider reaches the wallet: set by registerCasino (inject, then HTTP once listening). */
    useTransport(next: WalletTransport): void {
      transport = next;
    },
  };
}
export type CasinoServices = ReturnType<typeof createCasinoServices>;

/**
 * Routes of the casino module, and the house provider's link to the wallet: before the server listens
 * (tests, start-up) its signed calls go through Fastify's inject, the full HTTP pipeline without a
 * socket; once listening, over real HTTP to the server's own loopback address. The table loops run
 * while the server listens.
 */
export async function registerCasino(
  app: FastifyInstance,
  services: CasinoServices,
  guards: AuthGuards,
  /** Provider callbacks by call and status (metrics). */
  wallet?: { answered(call: string, status: string): void },
): Promise<void> {
  await app.register(casinoWalletRoutes(services.casinoWallet, wallet?.answered));
  await app.register(hub88WalletRoutes(services.hub88Wallet, () => services.hub88Keys));
  await app.register(hub88AdminRoutes(services.hub88Admin, guards));
  services.useSelfTransport(injectTransport(app));
  let reconciler: NodeJS.Timeout | null = null;
  await app.register(casinoRoutes(services.casino, guards));
  await app.register(houseCasinoRoutes(services.house));
  await app.register(crashRoutes(services.crash));
  await app.register(myGamesRoutes(services.myGames, guards));
  services.useTransport({
    async post(path, body, headers) {
      const answer = await app.inject({ method: 'POST', url: path, payload: body, headers });
      return { status: answer.statusCode, body: answer.body };
    },
  });
  app.addHook('onListen', async () => {
    const url = loopbackUrl(app);
    if (url !== null) {
      services.useTransport(fetchTransport(url));
      services.useSelfTransport(httpFetchTransport(url));
    }
    services.house.start();
    services.crash.start();
    // The daily reconciliation with Hub88: yesterday's, once, checked every 10 minutes (decision 0046).
    const reconcile = () =>
      void services.hub88Admin
        .reconcileYesterdayIfDue()
        .catch((error: unknown) => app.log.warn({ err: error }, 'hub88 reconciliation not run'));
    reconciler = setInterval(reconcile, 10 * 60 * 1000);
    reconciler.unref();
    setTimeout(reconcile, 30_000).unref();
  });
  app.addHook('onClose', async () => {
    if (reconciler !== null) clearInterval(reconciler);
    services.house.stop();
    services.crash.stop();
  });
}

/** The crash game's live feed: a WebSocket route, so it is registered after @fastify/websocket (registerLiveRoutes). */
export function registerCasinoLive(app: FastifyInstance, services: CasinoServices, heartbeatMs?: number): void {
  registerCrashLive(app, services.crash, services.house.player, heartbeatMs);
}

/** A transport whose paths all live under a prefix (the simulator's Operator API under /hub88-sim). */
function prefixed(transport: HttpTransport, prefix: string): HttpTransport {
  return { post: (path, body, headers) => transport.post(`${prefix}${path}`, body, headers) };
}
