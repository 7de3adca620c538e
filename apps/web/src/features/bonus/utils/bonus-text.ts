import type { BonusStatus, PlayerBonus } from '@khel/contract';
import { formatPaise, formatRupees, rupeesToPaise } from '@khel/money';
import { formatDateTime } from '../../../lib/dates';
import type { BonusAction } from '../api/bonus-actions';

export const STATUS_LABELS: Record<BonusStatus, string> = {
  offered: 'Offered',
  active: 'Active',
  completed: 'Ready to claim',
  claimed: 'Claimed',
  forfeited: 'Forfeited',
  expired: 'Expired',
};

/** The deadline that matters now: to activate an offered bonus, to finish an active one. */
export function deadlineText(bonus: PlayerBonus, now: Date = new Date()): string | null {
  if (bonus.status === 'offered') {
    // The server lists an offer not activated in time among the past ones until expiry closes it.
    return Date.parse(bonus.activateBy) <= now.getTime() ? `Not activated by ${formatDateTime(bonus.activateBy)}` : `Activate by ${formatDateTime(bonus.activateBy)}`;
  }
  if (bonus.status === 'active' && bonus.completeBy !== null) return `Complete the wagering by ${formatDateTime(bonus.completeBy)}`;
  if (bonus.status === 'completed') return 'Wagering complete: claim it to move it to your main wallet';
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
  return `You have ${formatRupees(Math.abs(exposure))} at risk in open bonus-wallet bets: settle them before ${step}.`;
}

export interface Confirmation {
  title: string;
  lines: string[];
  confirmLabel: string;
  danger: boolean;
}

/** The words of each confirmation: what will happen to the money, before anything moves. */
export function confirmationFor(action: BonusAction, bonus: PlayerBonus, wallet: { bonusBalance: number; bonusExposure: number }): Confirmation {
  if (action === 'activate') {
    return {
      title: 'Activate this bonus?',
      lines: [
        `${formatRupees(bonus.amount)} will be added to your bonus wallet.`,
        `To unlock it, wager ${formatRupees(bonus.wageringRequired)} (${bonus.wageringMultiple}× the bonus) from the bonus wallet at odds of at least ${bonus.minOdds.toFixed(2)}.`,
        'Your main wallet is not touched. You can have one active bonus at a time.',
      ],
      confirmLabel: 'Activate',
      danger: false,
    };
  }
  if (action === 'claim') {
    const { convertPaise, removePaise } = claimSplit(bonus, wallet.bonusBalance);
    const lines = [
      `${formatPaise(convertPaise)} moves from your bonus wallet to your main wallet.`,
      removePaise > 0 ? `The remaining ${formatPaise(removePaise)} is removed: this bonus converts at most ${formatRupees(bonus.maxConversion ?? 0)}.` : 'Nothing is removed.',
    ];
    if (paise(wallet.bonusExposure) !== 0) lines.push(openBetsLine(wallet.bonusExposure, 'claiming'));
    return { title: 'Claim this bonus?', lines, confirmLabel: 'Claim', danger: false };
  }
  const balancePaise = Math.max(0, paise(wallet.bonusBalance));
  const lines =
    bonus.status === 'offered'
      ? ['This bonus is given up and will not be added to your bonus wallet.']
      : [`The ${formatPaise(balancePaise)} in your bonus wallet is removed and this bonus ends.`, 'Your main wallet is not touched. This cannot be undone.'];
  if (bonus.status !== 'offered' && paise(wallet.bonusExposure) !== 0) {
    lines.push(openBetsLine(wallet.bonusExposure, 'forfeiting'));
  }
  return { title: 'Forfeit this bonus?', lines, confirmLabel: 'Forfeit', danger: true };
}
