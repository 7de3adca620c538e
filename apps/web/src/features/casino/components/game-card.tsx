import { useState } from 'react';
import type { CasinoGame } from '@khel/contract';

/** The thumbnails are 320 × 200 (16:10); the attributes reserve that shape before the image arrives. */
const THUMB_WIDTH = 320;
const THUMB_HEIGHT = 200;

/**
 * One game tile: image, title and provider; a button that opens the game. Images load lazily (only
 * tiles near the screen fetch theirs) and are drawn at the tile's size, about half a phone's width.
 */
export function GameCard({
  game,
  onOpen,
  eager = false,
}: {
  game: CasinoGame;
  onOpen: (game: CasinoGame) => void;
  eager?: boolean;
}) {
  const [broken, setBroken] = useState(game.game_images === '');
  return (
    <button
      type="button"
      className="game-card"
      data-testid="game-card"
      data-game-code={game.game_code}
      onClick={() => onOpen(game)}
      aria-label={`Play ${game.title} by ${game.provider_name}`}
    >
      <span className="game-card__media">
        {broken ? (
          <span className="game-card__fallback" aria-hidden="true">
            {game.title.slice(0, 1)}
          </span>
        ) : (
          <img
            src={game.game_images}
            alt=""
            width={THUMB_WIDTH}
            height={THUMB_HEIGHT}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            draggable={false}
            onError={() => setBroken(true)}
          />
        )}
      </span>
      <span className="game-card__title">{game.title}</span>
      <span className="game-card__provider muted">{game.provider_name}</span>
    </button>
  );
}

/** Tiles in the shape of the real ones while the lobby loads, so nothing jumps on a slow network. */
export function GameCardSkeleton() {
  return (
    <span className="game-card game-card--loading" aria-hidden="true">
      <span className="game-card__media skeleton" />
      <span className="skeleton game-card__line" />
      <span className="skeleton game-card__line game-card__line--short" />
    </span>
  );
}
