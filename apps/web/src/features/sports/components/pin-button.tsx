import { useSession } from '../../../lib/auth/session';
import { usePinnedMarkets, useTogglePin } from '../api/pinned-markets';
import { t } from '../../../lib/i18n/i18n';

/**
 * The pin on a market's header (issue 31): adds the market to the player's Multi Markets page, or takes
 * it off. Visitors have no pins, so no pin.
 */
export function PinButton({ marketId, name }: { marketId: string; name: string }) {
  const { user } = useSession();
  const pins = usePinnedMarkets();
  const toggle = useTogglePin();
  if (user === null) return null;
  const pinned = (pins.data ?? []).some((pin) => pin.market._id === marketId);
  return (
    <button
      type="button"
      className="market__pin"
      aria-pressed={pinned}
      aria-label={pinned ? t('Unpin {market}', { market: name }) : t('Pin {market} to Multi Markets', { market: name })}
      disabled={toggle.isPending || pins.isPending}
      onClick={() => toggle.mutate({ marketId, pinned })}
      data-testid="market-pin"
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M9 3h6l-1 6 4 4H6l4-4zM12 13v8"
          fill={pinned ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
