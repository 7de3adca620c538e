import { indiaDate } from '@khel/money';
import type { Database } from '../../../db/database.js';
import { fail } from '../../../lib/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import type { AuditService } from '../../audit/audit-service.js';
import type { Caller } from '../../identity/identity-service.js';
import type { CasinoWalletService } from '../casino-wallet-service.js';
import { importHub88Catalogue } from './hub88-catalogue.js';
import type { Hub88Client } from './hub88-client.js';
import { Hub88Unavailable } from './hub88-client.js';
import { HUB88_PROVIDER_CODE } from './hub88-wallet-service.js';
import { reconcileHub88Day } from './hub88-reconciliation.js';
import { createHub88Repository } from './hub88-repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The casino desk shows the differences of this many past days' runs. */
const SHOWN_DAYS = 30;

/** The back office's Hub88 actions: importing the catalogue, reconciling a day (both audited when an operator asks). */
export function createHub88Admin(deps: {
  db: Database;
  client: Hub88Client;
  casinoWallet: CasinoWalletService;
  audit: AuditService;
  clock: Clock;
}) {
  async function providerId(): Promise<number> {
    return (await deps.casinoWallet.provider(HUB88_PROVIDER_CODE))?.id ?? fail('NOT_FOUND', 'Hub88 is not set up');
  }

  /** Runs one India day's reconciliation; a day not yet over is refused (its report is not complete). */
  async function reconcile(day: string) {
    if (day >= indiaDate(deps.clock.now())) fail('VALIDATION_FAILED', 'Reconcile a day that is over');
    try {
      return await reconcileHub88Day(
        { db: deps.db, client: deps.client, providerId: await providerId(), clock: deps.clock },
        day,
      );
    } catch (error) {
      if (error instanceof Hub88Unavailable) fail('CASINO_PROVIDER_UNAVAILABLE');
      throw error;
    }
  }

  return {
    /** An operator reconciles a day now (audited). */
    async reconcileDay(day: string, actor: { caller: Caller; ip: string }) {
      const run = await reconcile(day);
      await deps.audit.record({
        actorId: actor.caller.userId,
        action: 'casino.hub88.reconcile',
        targetType: 'casino_provider',
        targetId: HUB88_PROVIDER_CODE,
        details: { day, differences: run.differences.length },
        ip: actor.ip,
      });
      return {
        day: run.day,
        ours: run.ours,
        theirs: run.theirs,
        matched: run.matched,
        differences: run.differences.length,
      };
    },

    /** The daily job: yesterday's run, once (every process may try; the day's row makes a second run a rerun). */
    async reconcileYesterdayIfDue(): Promise<boolean> {
      const provider = await deps.casinoWallet.provider(HUB88_PROVIDER_CODE);
      if (provider === null || !provider.active) return false;
      const yesterday = indiaDate(new Date(deps.clock.now().getTime() - DAY_MS));
      const done = await createHub88Repository(deps.db).reconciliations(yesterday);
      if (done.some((run) => run.day === yesterday)) return false;
      await reconcile(yesterday);
      return true;
    },

    /** The recent runs' differences, as the casino desk's reconciliation lists its problems. */
    async differences(): Promise<
      { kind: string; transactionId: string | null; roundId: string | null; detail: string }[]
    > {
      const since = indiaDate(new Date(deps.clock.now().getTime() - SHOWN_DAYS * DAY_MS));
      return (await createHub88Repository(deps.db).reconciliations(since)).flatMap((run) =>
        run.differences.map((difference) => ({
          kind: `HUB88_${difference.kind}`,
          transactionId: difference.transactionId,
          roundId: null,
          detail: `${run.day}: ${difference.detail}`,
        })),
      );
    },

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
