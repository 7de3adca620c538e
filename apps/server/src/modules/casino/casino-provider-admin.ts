import { randomBytes } from 'node:crypto';
import { paiseToRupees, rupeesToPaise } from '@khel/money';
import type { Database } from '../../db/database.js';
import { fail } from '../../lib/app-error.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Caller } from '../identity/identity-service.js';
import type { ProviderRow } from './casino-repository.js';
import { createCasinoRepository } from './casino-repository.js';
import type { CasinoWalletService } from './casino-wallet-service.js';

/** The ledger's CHECK on a limited account (migration 0010), as either driver reports it. */
function isLedgerLimit(error: unknown): boolean {
  return (
    error instanceof Error &&
    /ledger_account_limit_reached/.test(`${error.message} ${(error as { constraint?: string }).constraint ?? ''}`)
  );
}

function toProvider(row: ProviderRow, balancePaise: number) {
  return {
    _id: String(row.id),
    code: row.code,
    name: row.name,
    kind: row.kind,
    launchUrlTemplate: row.launch_url_template,
    active: row.active,
    secretHint: `…${row.secret.slice(-4)}`,
    netPayoutLimit: paiseToRupees(row.net_payout_limit_paise),
    netPaidOut: paiseToRupees(-balancePaise),
    createdAt: row.created_at.toISOString(),
  };
}

type ProviderChange = {
  name?: string;
  launchUrlTemplate?: string;
  active?: boolean;
  netPayoutLimit?: number;
  rotateSecret?: boolean;
};

/**
 * The back office's casino providers: the list, adding an external one, changing one (name, launch URL,
 * active, net payout limit) or rotating its secret. Every change is audited and clears the wallet's cache.
 * The limit itself is enforced by the ledger (migration 0010); here it is only set.
 */
export function createCasinoProviderAdmin(deps: {
  db: Database;
  casinoWallet: CasinoWalletService;
  audit: AuditService;
}) {
  const { db, casinoWallet, audit } = deps;
  const repository = createCasinoRepository(db);

  async function balanceOf(code: string): Promise<number> {
    return (await repository.providerBalances()).get(code) ?? 0;
  }

  return {
    async providers() {
      const balances = await repository.providerBalances();
      return (await repository.providers()).map((row) => toProvider(row, balances.get(row.code) ?? 0));
    },
    async createProvider(
      actor: Caller,
      input: { code: string; name: string; launchUrlTemplate: string; active: boolean; netPayoutLimit: number },
      ip: string,
    ) {
      const secret = randomBytes(32).toString('hex');
      const netPayoutLimitPaise =
        rupeesToPaise(input.netPayoutLimit) ?? fail('VALIDATION_FAILED', 'Amounts have at most two decimals');
      const row =
        (await repository.insertProvider({ ...input, netPayoutLimitPaise, secret })) ??
        fail('CONFLICT', 'A provider with this code exists');
      casinoWallet.invalidate();
      await audit.record({
        actorId: actor.userId,
        action: 'casino.provider.create',
        targetType: 'casino_provider',
        targetId: row.code,
        details: { name: row.name, launchUrlTemplate: row.launch_url_template, netPayoutLimit: input.netPayoutLimit },
        ip,
      });
      return { provider: toProvider(row, 0), secret };
    },
    async updateProvider(actor: Caller, code: string, input: ProviderChange, ip: string) {
      const existing = (await repository.providerByCode(code)) ?? fail('NOT_FOUND', 'No such provider');
      const secret = input.rotateSecret === true ? randomBytes(32).toString('hex') : null;
      const netPayoutLimitPaise =
        input.netPayoutLimit === undefined
          ? undefined
          : (rupeesToPaise(input.netPayoutLimit) ?? fail('VALIDATION_FAILED', 'Amounts have at most two decimals'));
      let row: ProviderRow;
      try {
        row = await repository.updateProvider(existing.id, {
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(input.launchUrlTemplate === undefined ? {} : { launchUrlTemplate: input.launchUrlTemplate }),
          ...(input.active === undefined ? {} : { active: input.active }),
          ...(netPayoutLimitPaise === undefined ? {} : { netPayoutLimitPaise }),
          ...(secret === null ? {} : { secret }),
        });
      } catch (error) {
        if (!isLedgerLimit(error)) throw error;
        const paidOut = paiseToRupees(-(await balanceOf(code)));
        fail(
          'VALIDATION_FAILED',
          `The limit cannot be below ₹${paidOut}, what this provider has already paid out above its stakes`,
        );
      }
      casinoWallet.invalidate();
      const { rotateSecret, ...changes } = input;
      const before =
        input.netPayoutLimit === undefined
          ? {}
          : { previousNetPayoutLimit: paiseToRupees(existing.net_payout_limit_paise) };
      await audit.record({
        actorId: actor.userId,
        action: 'casino.provider.update',
        targetType: 'casino_provider',
        targetId: row.code,
        details: { ...changes, ...before, secretRotated: rotateSecret === true },
        ip,
      });
      return { provider: toProvider(row, await balanceOf(code)), secret };
    },
  };
}
