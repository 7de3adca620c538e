import type { Database } from '../../../db/database.js';
import { fail } from '../../../lib/app-error.js';
import type { AuditService } from '../../audit/audit-service.js';
import type { Caller } from '../../identity/identity-service.js';
import type { CasinoWalletService } from '../casino-wallet-service.js';
import { importHub88Catalogue } from './hub88-catalogue.js';
import type { Hub88Client } from './hub88-client.js';
import { Hub88Unavailable } from './hub88-client.js';
import { HUB88_PROVIDER_CODE } from './hub88-wallet-service.js';

/** The back office's Hub88 actions: importing the catalogue (audited). */
export function createHub88Admin(deps: {
  db: Database;
  client: Hub88Client;
  casinoWallet: CasinoWalletService;
  audit: AuditService;
}) {
  async function providerId(): Promise<number> {
    return (await deps.casinoWallet.provider(HUB88_PROVIDER_CODE))?.id ?? fail('NOT_FOUND', 'Hub88 is not set up');
  }

  return {
    /** Imports (or refreshes) the aggregator's games; `enableNew` puts new ones in the lobby at once (the demo). */
    async importCatalogue(options: { enableNew: boolean }, actor?: { caller: Caller; ip: string }) {
      let result;
      try {
        result = await importHub88Catalogue(
          { db: deps.db, client: deps.client, providerId: await providerId() },
          options,
        );
      } catch (error) {
        if (error instanceof Hub88Unavailable) fail('CASINO_PROVIDER_UNAVAILABLE');
        throw error;
      }
      deps.casinoWallet.invalidate();
      if (actor !== undefined)
        await deps.audit.record({
          actorId: actor.caller.userId,
          action: 'casino.hub88.import',
          targetType: 'casino_provider',
          targetId: HUB88_PROVIDER_CODE,
          details: {
            added: result.added.length,
            updated: result.updated.length,
            disabled: result.disabled,
            skipped: result.skipped,
          },
          ip: actor.ip,
        });
      return {
        added: result.added.length,
        updated: result.updated.length,
        disabled: result.disabled,
        skipped: result.skipped.length,
      };
    },
  };
}
export type Hub88Admin = ReturnType<typeof createHub88Admin>;
