import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { CasinoGame } from '@khel/contract';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAppSettings } from '../../../lib/app-settings';
import { useMediaQuery } from '@khel/web-kit';
import { DESKTOP_QUERY } from '../../../lib/breakpoints';
import { useGameLaunch } from '../api/launch-game';
import { useCasinoBalanceSync } from '../hooks/use-casino-balance-sync';
import { t } from '../../../lib/i18n/i18n';

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * An open game. On phones the frame takes the whole screen (100dvh, inside the safe areas) with a slim
 * bar holding the title and Close; from 768 px it fills the page below the header, so the header's
 * balance stays in sight. Rendered over the app (a portal), with what it covers made inert. Escape
 * closes it (while focus is outside the game's own page), focus starts on Close and returns to the tile
 * afterwards, and the balance follows the game's messages (useCasinoBalanceSync).
 */
export function GameFrame({ game, onClose }: { game: CasinoGame; onClose: () => void }) {
  const launch = useGameLaunch(game);
  const settings = useAppSettings();
  // From 768 px the header (balance, navigation) stays usable beside the game: not a modal there.
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  useCasinoBalanceSync();

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  // What lies under the frame leaves the tab order and the accessibility tree: on phones the whole app
  // (the frame covers it), from 768 px only the page, so the header's balance and navigation stay usable.
  useEffect(() => {
    const covered = desktop ? document.getElementById('main') : document.querySelector('.app');
    if (!covered) return undefined;
    covered.setAttribute('inert', '');
    return () => covered.removeAttribute('inert');
  }, [desktop]);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    document.body.classList.add('casino-playing');
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      document.body.classList.remove('casino-playing');
      // After every cleanup of this commit, so the page is no longer inert when focus returns to the tile.
      queueMicrotask(() => {
        if (opener?.isConnected) opener.focus();
      });
    };
  }, []);

  return createPortal(
    <div
      className="game-frame"
      role="dialog"
      aria-modal={desktop ? undefined : true}
      aria-label={game.title}
      data-testid="game-frame"
      data-game-code={game.game_code}
    >
      <div className="game-frame__bar">
        <div className="game-frame__heading">
          <h2 className="game-frame__title">{game.title}</h2>
          <span className="game-frame__provider muted">
            {game.provider_name}
            {settings.data?.moneyMode === 'play' ? ' · play chips' : ''}
          </span>
        </div>
        <button
          ref={closeRef}
          type="button"
          className="game-frame__close"
          onClick={onClose}
          aria-label={`Close ${game.title}`}
          data-testid="close-game"
        >
          <CloseIcon />
        </button>
      </div>
      <div className="game-frame__body">
        {launch.isPending ? (
          <div className="game-frame__state">
            <Spinner size="large" label={t('Opening {game}', { game: game.title })} />
          </div>
        ) : launch.isError ? (
          <div className="game-frame__state" data-testid="launch-failed">
            <p>{t('{game} could not be opened.', { game: game.title })}</p>
            <div className="row">
              <Button onClick={() => void launch.refetch()} loading={launch.isFetching}>
                {t('Try again')}
              </Button>
              <Button variant="secondary" onClick={onClose}>
                {t('Back to the lobby')}
              </Button>
            </div>
          </div>
        ) : (
          <iframe
            className="game-frame__iframe"
            src={launch.data}
            title={`${game.title} game`}
            allow="autoplay; fullscreen; clipboard-write"
            allowFullScreen
            data-testid="game-iframe"
          />
        )}
      </div>
    </div>,
    document.body,
  );
}
