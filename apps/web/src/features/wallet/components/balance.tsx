import { WALLETS, type Profile } from '@khel/contract';
import { formatPaise } from '@khel/money';
import { displayedBalance } from '../../../lib/auth/permissions';

/**
 * The header balance: balance + exposure of the selected wallet, with the exposure itself beside it
 * (spec §3). A PLAY badge marks play chips in play-money mode (PRODUCT.md §5).
 */
export function Balance({ user, playMoney }: { user: Profile; playMoney: boolean }) {
  const { availablePaise, exposurePaise } = displayedBalance(user);
  const walletName = user.wallet === WALLETS.BONUS ? 'Bonus' : 'Main';
  return (
    <div className="balance" data-testid="header-balance" aria-label={`${walletName} wallet balance`}>
      <span className="balance__row">
        <span className="balance__wallet">{walletName}</span>
        {playMoney ? (
          <span className="badge badge--play" title="Play money: chips have no cash value">
            PLAY
          </span>
        ) : null}
      </span>
      <strong className="balance__amount" data-testid="balance-amount">
        {formatPaise(availablePaise)}
      </strong>
      <span className="balance__exposure" data-testid="exposure-amount">
        Exp {formatPaise(exposurePaise)}
      </span>
    </div>
  );
}
