import type { BonusStatus, PlayerBonus } from '@khel/contract';
import { formatPaise, formatRupees, rupeesToPaise } from '@khel/money';
import { formatDateTime } from '../../../lib/dates';
import type { BonusAction } from '../api/bonus-actions';
import { msg, t } from '../../../lib/i18n/i18n';

export const STATUS_LABELS: Record<BonusStatus, string> = {
  offered: msg('Offered'),
  active: msg('Active'),
  completed: msg('Ready to claim'),
  claimed: msg('Claimed'),
  forfeited: msg('Forfeited'),
  expired: msg('Expired'),
};

/** The deadline that matters now: to activate an offered bonus, to finish an active one. */
export function deadlineText(bonus: PlayerBonus, now: Date = new Date()): string | null {
  if (bonus.status === 'offered') {
    // The server lists an offer not activated in time among the past ones until expiry closes it.
    return Date.parse(bonus.activateBy) <= now.getTime()
      ? t('Not activated by {date}', { date: formatDateTime(bonus.activateBy) })
      : t('Activate by {date}', { date: formatDateTime(bonus.activateBy) });
  }
  if (bonus.status === 'active' && bonus.completeBy !== null)
    return t('Complete the wagering by {date}', { date: formatDateTime(bonus.completeBy) });
  if (bonus.status === 'completed') return t('Wagering complete: claim it to move it to your main wallet');
  return null;
}

const paise = (rupees: number) => rupeesToPaise(rupees) ?? 0;

/** What a claim converts and removes, exactly (integer paise), from the bonus wallet's balance now. */
export function claimSplit(bonus: PlayerBonus, bonusBalance: number): { convertPaise: number; removePaise: number } {
  const balancePaise = Math.max(0, paise(bonusBalance));
  const capPaise = bonus.maxConversion === null ? balancePaise : paise(bonus.maxConversion);
  const convertPaise = Math.min(balancePaise, capPaise);
  return { convertPaise, removePaise: balancePaise - convertPaise };
}

/** The server refuses a claim or forfeit while bonus-wallet bets are open; say so before it does. */
function openBetsLine(exposure: number, step: 'claiming' | 'forfeiting'): string {
  const amount = formatRupees(Math.abs(exposure));
  return step === 'claiming'
    ? t('You have {amount} at risk in open bonus-wallet bets: settle them before claiming.', { amount })
    : t('You have {amount} at risk in open bonus-wallet bets: settle them before forfeiting.', { amount });
}

export interface Confirmation {
  title: string;
  lines: string[];
  confirmLabel: string;
  danger: boolean;
}

/** The words of each confirmation: what will happen to the money, before anything moves. */
export function confirmationFor(
  action: BonusAction,
  bonus: PlayerBonus,
  wallet: { bonusBalance: number; bonusExposure: number },
): Confirmation {
  if (action === 'activate') {
    return {
      title: t('Activate this bonus?'),
      lines: [
        t('{amount} will be added to your bonus wallet.', { amount: formatRupees(bonus.amount) }),
        t('To unlock it, wager {amount} ({multiple}× the bonus) from the bonus wallet at odds of at least {odds}.', {
          amount: formatRupees(bonus.wageringRequired),
          multiple: bonus.wageringMultiple,
          odds: bonus.minOdds.toFixed(2),
        }),
        t('Your main wallet is not touched. You can have one active bonus at a time.'),
      ],
      confirmLabel: t('Activate'),
      danger: false,
    };
  }
  if (action === 'claim') {
    const { convertPaise, removePaise } = claimSplit(bonus, wallet.bonusBalance);
    const lines = [
      t('{amount} moves from your bonus wallet to your main wallet.', { amount: formatPaise(convertPaise) }),
      removePaise > 0
        ? t('The remaining {amount} is removed: this bonus converts at most {cap}.', {
            amount: formatPaise(removePaise),
            cap: formatRupees(bonus.maxConversion ?? 0),
          })
        : t('Nothing is removed.'),
    ];
    if (paise(wallet.bonusExposure) !== 0) lines.push(openBetsLine(wallet.bonusExposure, 'claiming'));
    return { title: t('Claim this bonus?'), lines, confirmLabel: t('Claim'), danger: false };
  }
  const balancePaise = Math.max(0, paise(wallet.bonusBalance));
  const lines =
    bonus.status === 'offered'
      ? [t('This bonus is given up and will not be added to your bonus wallet.')]
      : [
          t('The {amount} in your bonus wallet is removed and this bonus ends.', { amount: formatPaise(balancePaise) }),
          t('Your main wallet is not touched. This cannot be undone.'),
        ];
  if (bonus.status !== 'offered' && paise(wallet.bonusExposure) !== 0) {
    lines.push(openBetsLine(wallet.bonusExposure, 'forfeiting'));
  }
  return { title: t('Forfeit this bonus?'), lines, confirmLabel: t('Forfeit'), danger: true };
}
