/** Main / bonus wallet choice of the statement screens (isChecked, PRODUCT.md §3). */
export function WalletToggle({ bonus, onChange }: { bonus: boolean; onChange: (bonus: boolean) => void }) {
  return (
    <div className="segmented" role="group" aria-label="Wallet">
      <button type="button" aria-pressed={!bonus} onClick={() => onChange(false)}>
        Main wallet
      </button>
      <button type="button" aria-pressed={bonus} onClick={() => onChange(true)}>
        Bonus wallet
      </button>
    </div>
  );
}
