import { useMemo, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField } from '../../../components/ui/field';
import { LoadingBlock, Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { errorMessage } from '../../../lib/api-client';
import { planMove, useCasinoGames, useReorderGames, useSetGameEnabled } from '../api/games';
import { HUB88_PROVIDER, useImportHub88Catalogue } from '../api/hub88';
import type { DeskGame } from '../api/keys';
import { useCasinoProviders } from '../api/providers';
import { GameCreateDialog, GameEditDialog } from './game-dialogs';
import { GameThumb } from './game-thumb';

const LAUNCH_LABELS: Record<DeskGame['launch_kind'], string> = {
  play: 'play-game',
  table: 'live table',
  qtech: 'qtech',
  win: 'win',
};

export function GamesPanel() {
  const games = useCasinoGames();
  const providers = useCasinoProviders();
  const [provider, setProvider] = useState('');
  const [editing, setEditing] = useState<DeskGame | null>(null);
  const [adding, setAdding] = useState(false);
  const importHub88 = useImportHub88Catalogue();
  const hasHub88 = (providers.data ?? []).some((item) => item.code === HUB88_PROVIDER);

  const shown = useMemo(
    () => (games.data ?? []).filter((game) => provider === '' || game.provider_code === provider),
    [games.data, provider],
  );
  const categories = useMemo(
    () => [...new Set((games.data ?? []).map((game) => game.game_category))].sort(),
    [games.data],
  );
  const inactive = new Set((providers.data ?? []).filter((item) => !item.active).map((item) => item.code));

  return (
    <div className="casino-panel">
      <div className="casino-toolbar">
        <SelectField label="Provider" value={provider} onChange={(event) => setProvider(event.target.value)}>
          <option value="">All providers</option>
          {(providers.data ?? []).map((item) => (
            <option key={item.code} value={item.code}>
              {item.name}
            </option>
          ))}
        </SelectField>
        <div className="casino-toolbar-actions">
          {games.isFetching && games.data !== undefined ? <Spinner size="small" label="Updating" /> : null}
          {hasHub88 ? (
            <Button
              onClick={() => importHub88.mutate()}
              busy={importHub88.isPending}
              title="Bring in the aggregator's game list: new games arrive switched off, known ones keep their order and switch"
            >
              Import from Hub88
            </Button>
          ) : null}
          <Button
            variant="primary"
            onClick={() => setAdding(true)}
            disabled={providers.data === undefined || providers.data.length === 0}
          >
            Add a game
          </Button>
        </div>
      </div>
      <p className="muted small">
        The lobby shows enabled games of active providers in this order. Switching a game off hides it at once; players
        already in it can no longer stake, and rounds they started still pay out.
      </p>
      {games.isPending ? (
        <LoadingBlock label="Loading the catalogue…" />
      ) : games.isError ? (
        <Alert
          action={
            <Button size="small" onClick={() => void games.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(games.error)}
        </Alert>
      ) : shown.length === 0 ? (
        <EmptyState title={provider === '' ? 'No games in the catalogue yet' : 'This provider has no games yet'}>
          Add one with the button above.
        </EmptyState>
      ) : (
        <GameTable games={shown} inactiveProviders={inactive} onEdit={setEditing} />
      )}
      {editing === null ? null : (
        <GameEditDialog key={editing._id} game={editing} categories={categories} onClose={() => setEditing(null)} />
      )}
      {adding && providers.data !== undefined ? (
        <GameCreateDialog
          providers={providers.data}
          defaultProvider={provider}
          categories={categories}
          nextOrder={(games.data ?? []).reduce((max, game) => Math.max(max, game.order), 0) + 10}
          onClose={() => setAdding(false)}
        />
      ) : null}
    </div>
  );
}

function GameTable({
  games,
  inactiveProviders,
  onEdit,
}: {
  games: DeskGame[];
  inactiveProviders: ReadonlySet<string>;
  onEdit: (game: DeskGame) => void;
}) {
  const toggle = useSetGameEnabled();
  const reorder = useReorderGames();

  function move(game: DeskGame, direction: -1 | 1) {
    const changes = planMove(games, game._id, direction);
    if (changes !== null && changes.length > 0) reorder.mutate(changes);
  }

  return (
    <table className="data-table responsive-table casino-games" aria-label="Casino games">
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Game</th>
          <th scope="col">Provider</th>
          <th scope="col">Category</th>
          <th scope="col">Lobby</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {games.map((game, index) => (
          <tr key={game._id} aria-label={game.title} className={game.enabled ? undefined : 'casino-row-off'}>
            <td data-label="Order">
              <span className="casino-order">
                <span className="casino-order-value" title="Order value">
                  {game.order}
                </span>
                <Button
                  size="small"
                  variant="ghost"
                  aria-label={`Move ${game.title} up`}
                  disabled={reorder.isPending || index === 0}
                  onClick={() => move(game, -1)}
                >
                  ↑
                </Button>
                <Button
                  size="small"
                  variant="ghost"
                  aria-label={`Move ${game.title} down`}
                  disabled={reorder.isPending || index === games.length - 1}
                  onClick={() => move(game, 1)}
                >
                  ↓
                </Button>
              </span>
            </td>
            <td data-label="Game" className="cell-primary">
              <span className="casino-game-cell">
                <GameThumb src={game.game_images} title={game.title} />
                <span>
                  {game.title}
                  <span className="muted small">
                    {game.game_code} · {game.is_slot ? 'Slot' : 'Table'} · {LAUNCH_LABELS[game.launch_kind]}
                  </span>
                </span>
              </span>
            </td>
            <td data-label="Provider">
              {game.provider_name}
              {inactiveProviders.has(game.provider_code) ? (
                <span
                  className="badge badge-warning casino-badge-gap"
                  title="Games of an inactive provider are not in the lobby"
                >
                  Provider off
                </span>
              ) : null}
            </td>
            <td data-label="Category">{game.game_category}</td>
            <td data-label="Lobby">
              <Switch
                label={
                  <>
                    <span aria-hidden="true">In lobby</span>
                    <span className="visually-hidden">In lobby: {game.title}</span>
                  </>
                }
                checked={game.enabled}
                busy={toggle.isPending && toggle.variables.game._id === game._id}
                onChange={(enabled) => toggle.mutate({ game, enabled })}
              />
            </td>
            <td data-label="Actions">
              <Button size="small" onClick={() => onEdit(game)} aria-label={`Edit ${game.title}`}>
                Edit
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
