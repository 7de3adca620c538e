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
  return {
    casinoWallet,
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

/** The loopback URL of a listening server (0.0.0.0 and :: are reached on the loopback interface). */
function loopbackUrl(app: FastifyInstance): string | null {
  const address = app.server.address();
  if (address === null || typeof address === 'string') return null;
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

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
    if (url !== null) services.useTransport(fetchTransport(url));
    services.house.start();
    services.crash.start();
  });
  app.addHook('onClose', async () => {
    services.house.stop();
    services.crash.stop();
  });
}

/** The crash game's live feed: a WebSocket route, so it is registered after @fastify/websocket (registerLiveRoutes). */
export function registerCasinoLive(app: FastifyInstance, services: CasinoServices): void {
  registerCrashLive(app, services.crash, services.house.player);
}
