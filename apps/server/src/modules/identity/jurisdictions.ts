/**
 * Where real money may be offered (PRODUCT.md §5). The operator lists licensed jurisdictions in
 * REAL_MONEY_JURISDICTIONS; a jurisdiction this table marks prohibited can never be enabled.
 */
export const JURISDICTIONS: Record<
  string,
  { name: string; realMoney: 'prohibited' | 'licence-required'; note: string }
> = {
  in: {
    name: 'India',
    realMoney: 'prohibited',
    note: 'The Promotion and Regulation of Online Gaming Act, 2025 prohibits offering online money games, betting included, to players in India.',
  },
  us: {
    name: 'United States',
    realMoney: 'licence-required',
    note: 'Online sports betting and casino are licensed state by state; enable only with a licence for the states served.',
  },
};

/** Problems that stop a real-money start; empty when the configuration may run. */
export function realMoneyConfigProblems(moneyMode: 'play' | 'real', jurisdictions: string[]): string[] {
  if (moneyMode !== 'real') return [];
  if (jurisdictions.length === 0)
    return ['MONEY_MODE=real needs REAL_MONEY_JURISDICTIONS: at least one licensed jurisdiction (e.g. us)'];
  return jurisdictions.flatMap((code) => {
    const entry = JURISDICTIONS[code];
    if (entry === undefined)
      return [
        `REAL_MONEY_JURISDICTIONS: unknown jurisdiction "${code}" (known: ${Object.keys(JURISDICTIONS).join(', ')})`,
      ];
    if (entry.realMoney === 'prohibited')
      return [`REAL_MONEY_JURISDICTIONS: real money is prohibited in ${entry.name}. ${entry.note}`];
    return [];
  });
}
