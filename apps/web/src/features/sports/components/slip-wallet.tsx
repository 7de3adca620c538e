import { WALLETS, type BonusProduct, type MarketType } from '@khel/contract';
import { WageringProgress } from '../../../components/wagering-progress';
import { canUseBonusWallet } from '../../../lib/auth/permissions';
import { useSession } from '../../../lib/auth/session';
import { useBonusData } from '../../../lib/bonus-data';
import { t } from '../../../lib/i18n/i18n';

const PRODUCT: Record<MarketType, BonusProduct> = { EXCHANGE: 'exchange', BOOKMAKER: 'bookmaker', FANCY: 'fancy' };

/**
 * The decimal odds the wagering rule compares with the minimum (PRODUCT.md §8): exchange odds as they
 * are; bookmaker rates and fancy rates are Indian-style percentages, so 1 + rate / 100.
 */
export function wageringOdds(marketType: MarketType, odds: number, oddsSize: number | null): number {
  if (marketType === 'EXCHANGE') return odds;
  if (marketType === 'BOOKMAKER') return 1 + odds / 100;
  return 1 + (oddsSize ?? 100) / 100;
}

/**
 * Which wallet pays for this bet and, on the bonus wallet, the wagering progress and whether this
 * bet will count (minimum odds, the product's contribution). Credit players have one wallet: no line.
 */
export function SlipWallet({
  marketType,
  odds,
  oddsSize,
}: {
  marketType: MarketType;
  odds: number;
  oddsSize: number | null;
}) {
  const { user } = useSession();
  const active = useBonusData().data?.active ?? null;
  if (user === null || !canUseBonusWallet(user)) return null;
  const onBonus = user.wallet === WALLETS.BONUS;
  let note: string | null = null;
  if (onBonus && active !== null && active.status === 'active') {
    const contribution = active.contributions[PRODUCT[marketType]];
    if (contribution <= 0) note = t('Bets on this market do not count towards your bonus wagering.');
    else if (wageringOdds(marketType, odds, oddsSize) < active.minOdds)
      note = t('At these odds this bet does not count towards your bonus wagering (minimum odds {odds}).', {
        odds: active.minOdds.toFixed(2),
      });
    else if (contribution < 100)
      note = t('This bet counts at {percent}% towards your bonus wagering once it settles.', { percent: contribution });
    else note = t('This bet counts towards your bonus wagering once it settles.');
  }
  return (
    <div className={`slip__wallet${onBonus ? ' slip__wallet--bonus' : ''}`} data-testid="slip-wallet">
      <p className="slip__wallet-line">
        {t('Paid from your')} <strong>{onBonus ? t('Bonus wallet') : t('Main wallet')}</strong>
      </p>
      {onBonus && active !== null ? <WageringProgress bonus={active} compact testId="slip-wagering" /> : null}
      {note !== null ? (
        <p className="muted slip__wallet-note" data-testid="slip-wagering-note">
          {note}
        </p>
      ) : null}
    </div>
  );
}
