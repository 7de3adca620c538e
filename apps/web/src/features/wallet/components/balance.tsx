import { WALLETS, type Profile } from '@khel/contract';
import { formatPaise, formatRupees } from '@khel/money';
import { displayedBalance, isCreditPlayer } from '../../../lib/auth/permissions';
import { useCreditLine } from '../api/get-credit-line';
import { t } from '../../../lib/i18n/i18n';

/** A credit player's line under the balance: its credit limit and its P&L since the last settlement. */
function CreditLineNote({ balance }: { balance: number }) {
  const line = useCreditLine(true, balance);
  if (line.data === undefined) return null;
  return (
    <span className="balance__exposure" data-testid="credit-line">
      {t('Credit')} {formatRupees(line.data.creditRef)} · P&amp;L {formatRupees(line.data.refPnl)}
    </span>
  );
}

/**
 * The header balance: balance + exposure of the selected wallet, with the exposure itself beside it
 * (spec §3). A PLAY badge marks play chips in play-money mode (PRODUCT.md §5).
 */
export function Balance({ user, playMoney }: { user: Profile; playMoney: boolean }) {
  const { availablePaise, exposurePaise } = displayedBalance(user);
  const credit = isCreditPlayer(user);
  const walletName = credit ? t('Credit') : user.wallet === WALLETS.BONUS ? t('Bonus') : t('Main');
  return (
    <div
      className="balance"
      data-testid="header-balance"
      aria-label={t('{wallet} wallet balance', { wallet: walletName })}
    >
      <span className="balance__row">
        <span className="balance__wallet">{walletName}</span>
        {playMoney ? (
          <span className="badge badge--play" title={t('Play money: chips have no cash value')}>
            {t('PLAY')}
          </span>
        ) : null}
      </span>
      <strong className="balance__amount" data-testid="balance-amount">
        {formatPaise(availablePaise)}
      </strong>
      <span className="balance__exposure" data-testid="exposure-amount">
        {t('Exp')} {formatPaise(exposurePaise)}
      </span>
      {credit ? <CreditLineNote balance={user.balance} /> : null}
    </div>
  );
}
