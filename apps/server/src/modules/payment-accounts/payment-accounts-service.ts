import QRCode from 'qrcode';
import { MESSAGES } from '@khel/contract';
import type { AdminAccount, PaymentAccount, PaymentAccountCreate, PaymentAccountUpdate } from '@khel/contract';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Caller } from '../identity/identity-service.js';
import { bankNameForIfsc } from './ifsc-banks.js';
import type {
  AccountFields,
  AccountRow,
  PaymentAccountsRepository,
  ReceivingAccountRow,
} from './payment-accounts-repository.js';

export function fieldsOf(request: PaymentAccountCreate): AccountFields {
  if (request.type === 'upi') {
    return {
      type: 'upi',
      accountNumber: request.accountNumber,
      accountHolderName: request.accountHolderName,
      ifscCode: null,
      bankName: null,
      accountType: null,
    };
  }
  return {
    type: 'bank',
    accountNumber: request.accountNumber,
    accountHolderName: request.accountHolderName,
    ifscCode: request.ifscCode,
    bankName: request.bankName,
    accountType: request.accountType,
  };
}

export function toPaymentAccount(row: AccountRow): PaymentAccount {
  return {
    _id: row.id,
    type: row.type,
    accountNumber: row.account_number,
    accountHolderName: row.account_holder_name,
    ...(row.type === 'bank'
      ? { ifscCode: row.ifsc_code ?? '', bankName: row.bank_name ?? '', accountType: row.account_type ?? 'savings' }
      : {}),
  };
}

/**
 * The standard UPI deep link (NPCI's upi://pay): payee address, payee name, currency, and the amount
 * when the player has typed one. Phones open their UPI app with it; the QR encodes the same text.
 */
export function upiPayLink(upiId: string, payeeName: string, amountRupees?: number): string {
  const params = new URLSearchParams({ pa: upiId, pn: payeeName, cu: 'INR' });
  if (amountRupees !== undefined) params.set('am', amountRupees.toFixed(2));
  return `upi://pay?${params.toString().replace(/\+/g, '%20')}`;
}

/** A receiving account as the wire shows it; UPI ones carry the pay link and its QR. */
export async function toAdminAccount(row: ReceivingAccountRow, amountRupees?: number): Promise<AdminAccount> {
  const base = { ...toPaymentAccount(row), active: row.active };
  if (row.type !== 'upi') return base;
  const upiLink = upiPayLink(row.account_number, row.account_holder_name, amountRupees);
  const qrImage = await QRCode.toDataURL(upiLink, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { ...base, upiLink, qrImage };
}

/** Players' UPI ids and bank accounts, and the operator's receiving accounts. */
export function createPaymentAccountsService(deps: {
  repository: PaymentAccountsRepository;
  audit: AuditService;
  clock: Clock;
}) {
  const { repository, audit, clock } = deps;

  return {
    async list(caller: Caller): Promise<PaymentAccount[]> {
      return (await repository.listForUser(caller.userId)).map(toPaymentAccount);
    },

    async find(userId: string, id: string): Promise<PaymentAccount | null> {
      const row = await repository.findForUser(userId, id);
      return row === null ? null : toPaymentAccount(row);
    },

    async add(caller: Caller, request: PaymentAccountCreate): Promise<{ account: PaymentAccount; message: string }> {
      const row = await repository.insert(caller.userId, fieldsOf(request));
      if (row === null) fail('CONFLICT', 'You have already saved this account');
      return {
        account: toPaymentAccount(row),
        message: request.type === 'upi' ? MESSAGES.upiAdded : MESSAGES.bankAdded,
      };
    },

    async update(caller: Caller, request: PaymentAccountUpdate): Promise<{ account: PaymentAccount; message: string }> {
      let row: AccountRow | null;
      try {
        row = await repository.update(caller.userId, request.accountId, fieldsOf(request), clock.now());
      } catch (error) {
        if (error instanceof Error && /payment_accounts_unique_idx/.test(error.message))
          fail('CONFLICT', 'You have already saved this account');
        throw error;
      }
      if (row === null) fail('NOT_FOUND', 'Account not found');
      return {
        account: toPaymentAccount(row),
        message: request.type === 'upi' ? MESSAGES.upiUpdated : MESSAGES.bankUpdated,
      };
    },

    ifsc(code: string): { ifscCode: string; bankName: string | null } {
      return { ifscCode: code.toUpperCase(), bankName: bankNameForIfsc(code) };
    },

    /**
     * The active receiving accounts a player may pay into, UPI ones with a QR of the pay link: the
     * nearest cash agent's above the player, or the site's when no agent above has any (decision 0026).
     */
    async activeReceivingAccounts(userId: string, amountRupees?: number): Promise<AdminAccount[]> {
      const rows = await repository.receivingAccounts(true, await repository.nearestAgentWithAccounts(userId));
      return Promise.all(rows.map((row) => toAdminAccount(row, amountRupees)));
    },

    /** A receiving account the player is offered now (see activeReceivingAccounts), or null. */
    async offeredReceivingAccount(userId: string, id: string): Promise<ReceivingAccountRow | null> {
      const row = await repository.receivingAccount(id);
      if (row === null || !row.active) return null;
      return row.owner_id === (await repository.nearestAgentWithAccounts(userId)) ? row : null;
    },

    // Back office

    async allReceivingAccounts(): Promise<AdminAccount[]> {
      const rows = await repository.receivingAccounts(false);
      return Promise.all(rows.map((row) => toAdminAccount(row)));
    },

    async addReceivingAccount(actor: Caller, request: PaymentAccountCreate, ip: string): Promise<AdminAccount> {
      const row = await repository.insertReceivingAccount(fieldsOf(request));
      await audit.record({
        actorId: actor.userId,
        action: 'receiving_account.create',
        targetType: 'receiving_account',
        targetId: row.id,
        details: { type: row.type, accountNumber: row.account_number, accountHolderName: row.account_holder_name },
        ip,
      });
      return toAdminAccount(row);
    },

    async setReceivingAccountActive(actor: Caller, id: string, active: boolean, ip: string): Promise<AdminAccount> {
      const row = (await repository.setReceivingAccountActive(id, active)) ?? fail('NOT_FOUND', 'Account not found');
      await audit.record({
        actorId: actor.userId,
        action: active ? 'receiving_account.activate' : 'receiving_account.deactivate',
        targetType: 'receiving_account',
        targetId: id,
        details: { type: row.type, accountNumber: row.account_number, accountHolderName: row.account_holder_name },
        ip,
      });
      return toAdminAccount(row);
    },

    /** Demo data: the operator's (or, with `ownerId`, a cash agent's) pretend receiving accounts in play mode. */
    async seedReceivingAccounts(
      accounts: readonly PaymentAccountCreate[],
      ownerId: string | null = null,
    ): Promise<void> {
      if ((await repository.receivingAccounts(false, ownerId)).length > 0) return;
      for (const account of accounts) await repository.insertReceivingAccount(fieldsOf(account), ownerId);
    },
  };
}
export type PaymentAccountsService = ReturnType<typeof createPaymentAccountsService>;
