import type { CasinoGame } from '@khel/contract';
import { StarIcon } from './category-icon';
import { GameCard } from './game-card';
import { t } from '../../../lib/i18n/i18n';

/** A game card with its favourite star beside it (two buttons, never one inside the other). */
export function GameTile({
  game,
  onOpen,
  eager,
  favourite,
  onFavourite,
}: {
  game: CasinoGame;
  onOpen: (game: CasinoGame) => void;
  eager?: boolean;
  favourite: boolean;
  onFavourite: (game: CasinoGame, favourite: boolean) => void;
}) {
  return (
    <div className="game-tile">
      <GameCard game={game} onOpen={onOpen} eager={eager ?? false} />
      <button
        type="button"
        className="game-tile__favourite"
        aria-pressed={favourite}
        aria-label={
          favourite
            ? t('Remove {game} from favourites', { game: game.title })
            : t('Add {game} to favourites', { game: game.title })
        }
        onClick={() => onFavourite(game, !favourite)}
        data-testid="favourite-toggle"
        data-game-code={game.game_code}
      >
        <StarIcon filled={favourite} />
      </button>
    </div>
  );
}
