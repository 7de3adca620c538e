import { useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { useMarketRules } from '../api/market-rules';
import { t } from '../../../lib/i18n/i18n';

/**
 * A market's Rules button (issue 26): how it settles, in the player's words, read from the server when
 * opened (never with the prices). A real match's lines say their own rules; the rest their type's.
 */
export function MarketRules({ marketId, name }: { marketId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const rules = useMarketRules(marketId, open);
  return (
    <>
      <button
        type="button"
        className="market__rules-open"
        onClick={() => setOpen(true)}
        data-testid="market-rules-open"
        aria-label={t('Rules for {market}', { market: name })}
      >
        {t('Rules')}
      </button>
      <Modal
        open={open}
        title={t('Rules: {market}', { market: name })}
        onClose={() => setOpen(false)}
        testId="market-rules"
      >
        {rules.data !== undefined ? (
          <p className="market-rules__text" data-testid="market-rules-text">
            {rules.data.rules}
          </p>
        ) : rules.isError ? (
          <p role="alert">
            {t('Could not load the rules.')}{' '}
            <button type="button" className="link-button" onClick={() => void rules.refetch()}>
              {t('Try again')}
            </button>
          </p>
        ) : (
          <p className="muted" role="status">
            {t('Loading')}
          </p>
        )}
      </Modal>
    </>
  );
}
