import { Alert } from '../ui/alert';
import { usePlayMoney } from '../../lib/app-settings';

/** Every money screen says when balances are play chips (PRODUCT.md §5). */
export function PlayMoneyNote({ children }: { children?: string }) {
  const play = usePlayMoney();
  if (!play) return null;
  return (
    <Alert kind="info">
      <strong>Play money.</strong>{' '}
      {children ?? 'Balances are play chips with no cash value; no real payment is made or asked for.'}
    </Alert>
  );
}
