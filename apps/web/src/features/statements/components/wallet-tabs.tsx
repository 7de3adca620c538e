import { t } from '../../../lib/i18n/i18n';
/** Main / bonus wallet choice of the statement screens (isChecked, PRODUCT.md §3). */
export function WalletToggle({ bonus, onChange }: { bonus: boolean; onChange: (bonus: boolean) => void }) {
  return (
    <div className="segmented" role="group" aria-label={t('Wallet')}>
      <button type="button" aria-pressed={!bonus} onClick={() => onChange(false)}>
        {t('Main wallet')}
      </button>
      <button type="button" aria-pressed={bonus} onClick={() => onChange(true)}>
        {t('Bonus wallet')}
      </button>
    </div>
  );
}
