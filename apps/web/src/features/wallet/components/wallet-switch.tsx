import { useId } from 'react';
import { WALLETS, type Profile, type WalletId } from '@khel/contract';
import { formatPaise, rupeesToPaise } from '@khel/money';
import { WageringProgress } from '../../../components/wagering-progress';
import { useBonusData } from '../../../lib/bonus-data';
import { useSwitchWallet } from '../api/switch-wallet';
import { t } from '../../../lib/i18n/i18n';

/**
 * Main / bonus wallet choice (spec §4 wallet switch). Not offered to credit players (spec §6). It says
 * which wallet pays for bets and casino rounds and, with an active bonus, how far its wagering is.
 */
export function WalletSwitch({ user }: { user: Profile }) {
  const name = useId();
  const switchWallet = useSwitchWallet();
  const active = useBonusData().data?.active ?? null;
  // Show the choice at once while the server confirms it; a refusal puts the old one back.
  const selected = switchWallet.isPending && switchWallet.variables ? switchWallet.variables : user.wallet;
  const options: { id: WalletId; label: string; paise: number }[] = [
    {
      id: WALLETS.MAIN,
      label: t('Main Wallet'),
      paise: (rupeesToPaise(user.balance) ?? 0) + (rupeesToPaise(user.exposure) ?? 0),
    },
    {
      id: WALLETS.BONUS,
      label: t('Bonus Wallet'),
      paise: (rupeesToPaise(user.bonus) ?? 0) + (rupeesToPaise(user.bonusExposure) ?? 0),
    },
  ];
  return (
    <fieldset
      className="wallet-switch"
      disabled={switchWallet.isPending}
      aria-busy={switchWallet.isPending || undefined}
    >
      <legend className="wallet-switch__legend">{t('Wallet')}</legend>
      {options.map((option) => (
        <label key={option.id} className="wallet-switch__option">
          <input
            type="radio"
            name={name}
            value={option.id}
            checked={selected === option.id}
            onChange={() => {
              if (selected !== option.id) switchWallet.mutate(option.id);
            }}
          />
          <span className="wallet-switch__label">{option.label}</span>
          <span className="wallet-switch__amount">{formatPaise(option.paise)}</span>
        </label>
      ))}
      <p className="wallet-switch__pays muted" data-testid="wallet-pays">
        {t('Bets and casino rounds are paid from your')}{' '}
        <strong>{selected === WALLETS.BONUS ? 'Bonus' : 'Main'} wallet</strong>.
      </p>
      {active !== null ? <WageringProgress bonus={active} compact testId="wallet-wagering" /> : null}
    </fieldset>
  );
}
