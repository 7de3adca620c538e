import { useId } from 'react';
import { DEFAULT_STAKE_BUTTONS } from '@khel/contract';
import { useStakeButtons } from '../api/stake-buttons';
import { setOneClick, useOneClick } from '../hooks/one-click';
import { groupedNumber } from '../utils/slip-math';
import { t } from '../../../lib/i18n/i18n';

/**
 * One-click betting on the event page (issue 31): off by default; on, a tap on a price places the stake
 * chosen here at once (one of the player's stake buttons). Said plainly while on, so it is never a surprise.
 */
export function OneClickControl() {
  const oneClick = useOneClick();
  const buttons = (useStakeButtons().data ?? DEFAULT_STAKE_BUTTONS).values;
  const id = useId();
  const stakes = buttons.includes(oneClick.stake) ? buttons : [oneClick.stake, ...buttons];
  return (
    <div className={`one-click${oneClick.on ? ' one-click--on' : ''}`} data-testid="one-click">
      <label className="one-click__toggle">
        <input
          type="checkbox"
          checked={oneClick.on}
          onChange={(event) => setOneClick({ ...oneClick, on: event.target.checked })}
          data-testid="one-click-toggle"
        />{' '}
        {t('One-click betting')}
      </label>
      {oneClick.on ? (
        <>
          <label className="visually-hidden" htmlFor={`${id}-stake`}>
            {t('One-click stake')}
          </label>
          <select
            id={`${id}-stake`}
            className="input one-click__stake"
            value={oneClick.stake}
            onChange={(event) => setOneClick({ ...oneClick, stake: Number(event.target.value) })}
            data-testid="one-click-stake"
          >
            {stakes.map((value) => (
              <option key={value} value={value}>
                ₹{groupedNumber(value)}
              </option>
            ))}
          </select>
          <span className="one-click__note" role="status">
            {t('A tap on a price places ₹{stake} at once.', { stake: groupedNumber(oneClick.stake) })}
          </span>
        </>
      ) : null}
    </div>
  );
}
