import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES, type CasinoGame } from '@khel/contract';
import { PlayMoneyNotice } from '../../../components/play-money-notice';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/spinner';
import { toast } from '../../../lib/toast';
import { useCasinoGames } from '../api/get-casino-games';
import { myGamesQueryKey, useMyGames, useToggleFavourite } from '../api/my-games';
import {
  NO_FILTER,
  categoriesOf,
  filterGames,
  findGame,
  groupByCategory,
  providersOf,
  type CasinoKind,
  type GameFilter,
} from '../utils/games';
import { Carousel } from './carousel';
import { CasinoHistory } from './casino-history';
import { CategoryIcon } from './category-icon';
import { GameCardSkeleton } from './game-card';
import { GameTile } from './game-tile';
import { GameFrame } from './game-frame';
import { categoryName } from '../utils/category-name';
import '../casino.css';
import { msg, t } from '../../../lib/i18n/i18n';

/** The address parameter of the open game: /slots?play=<game id>, so Back closes it and a link reopens it. */
export const PLAY_PARAM = 'play';

const TITLES: Record<CasinoKind, string> = { slots: msg('Slots'), live: msg('Live Casino') };

function LobbySkeleton() {
  return (
    <div className="stack" aria-label={t('Loading games')} role="status">
      <Skeleton className="casino-skeleton__heading" />
      <div className="casino-skeleton__row">
        {[0, 1, 2, 3, 4].map((key) => (
          <GameCardSkeleton key={key} />
        ))}
      </div>
    </div>
  );
}

function CategoryTile({
  name,
  count,
  selected,
  onSelect,
}: {
  name: string;
  count: number;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      className="category-tile"
      aria-pressed={selected}
      onClick={onSelect}
      data-testid="category-tile"
      data-category={name}
    >
      <CategoryIcon category={name} />
      <span className="category-tile__name">{categoryName(name)}</span>
      <span className="category-tile__count">{count === 1 ? t('1 game') : t('{count} games', { count })}</span>
    </button>
  );
}

/**
 * The /slots and /live-casino pages (spec §2, guarded by allowSlots / allowLiveCasino in the shell):
 * search and provider filter, a category carousel, one game carousel per category, the open game in a
 * frame, and the player's casino history.
 */
export function CasinoLobby({ kind }: { kind: CasinoKind }) {
  const id = useId();
  const title = t(TITLES[kind]);
  const games = useCasinoGames(kind);
  const [filter, setFilter] = useState<GameFilter>(NO_FILTER);
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const playing = searchParams.get(PLAY_PARAM);

  const all = useMemo(() => games.data ?? [], [games.data]);
  const providers = useMemo(() => providersOf(all), [all]);
  // Categories follow the provider and the search, not the chosen category itself.
  const categories = useMemo(() => categoriesOf(filterGames(all, { ...filter, category: '' })), [all, filter]);
  const groups = useMemo(() => groupByCategory(filterGames(all, filter)), [all, filter]);
  const openGame = playing === null ? undefined : findGame(all, playing);
  const queryClient = useQueryClient();
  const myGames = useMyGames();
  const toggleFavourite = useToggleFavourite();
  const ofThisLobby = (list: readonly CasinoGame[] | undefined) =>
    (list ?? []).filter((game) => game.is_slot === (kind === 'slots'));
  const favourites = ofThisLobby(myGames.data?.favourites);
  const recent = ofThisLobby(myGames.data?.recent);
  const favouriteIds = new Set((myGames.data?.favourites ?? []).map((game) => game._id));
  const onFavourite = (game: CasinoGame, favourite: boolean) => toggleFavourite.mutate({ gameId: game._id, favourite });
  const tile = (game: CasinoGame, eager = false) => (
    <GameTile
      game={game}
      onOpen={open}
      eager={eager}
      favourite={favouriteIds.has(game._id)}
      onFavourite={onFavourite}
    />
  );

  // A link to a game this lobby does not have (switched off, or a slot on the live casino page).
  const unknownGame = playing !== null && games.isSuccess && openGame === undefined;
  useEffect(() => {
    if (!unknownGame) return;
    toast.warning(t('This game is not available'));
    setSearchParams(
      (params) => {
        params.delete(PLAY_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [unknownGame, setSearchParams]);

  const open = useCallback(
    (game: CasinoGame) => {
      const params = new URLSearchParams(searchParams);
      params.set(PLAY_PARAM, game._id);
      void navigate({ search: `?${params.toString()}` }, { state: { casinoOpened: true } });
    },
    [navigate, searchParams],
  );
  const close = useCallback(() => {
    // The game just played leads "Recently played".
    void queryClient.invalidateQueries({ queryKey: myGamesQueryKey });
    // Opened from this lobby: going back removes the game from history, so Back does not reopen it.
    if ((location.state as { casinoOpened?: boolean } | null)?.casinoOpened) {
      void navigate(-1);
      return;
    }
    setSearchParams(
      (params) => {
        params.delete(PLAY_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [location.state, navigate, setSearchParams, queryClient]);

  const setCategory = (category: string) =>
    setFilter((value) => ({ ...value, category: value.category === category ? '' : category }));
  const filtered = filter.search.trim() !== '' || filter.provider !== '' || filter.category !== '';

  return (
    <div className="casino stack-lg" data-testid="casino-lobby" data-kind={kind}>
      <h1 className="page-title">{title}</h1>
      <PlayMoneyNotice />

      <details
        className="casino-filters-fold"
        open={filter.search !== '' || filter.provider !== '' ? true : undefined}
        data-testid="casino-filters"
      >
        <summary>{t('Search and filter')}</summary>
        <div className="casino-filters" role="search" aria-label={t('{title} games', { title })}>
          <div className="field casino-filters__search">
            <label className="field__label" htmlFor={`${id}-search`}>
              {t('Search')}
            </label>
            <input
              id={`${id}-search`}
              className="input"
              type="search"
              inputMode="search"
              enterKeyHint="search"
              autoComplete="off"
              placeholder={t('Game, provider or category')}
              value={filter.search}
              onChange={(event) => setFilter((value) => ({ ...value, search: event.target.value }))}
              data-testid="casino-search"
            />
          </div>
          <div className="field casino-filters__provider">
            <label className="field__label" htmlFor={`${id}-provider`}>
              {t('Provider')}
            </label>
            <select
              id={`${id}-provider`}
              className="input"
              value={filter.provider}
              onChange={(event) => setFilter((value) => ({ ...value, provider: event.target.value }))}
              disabled={!games.isSuccess}
              data-testid="casino-provider"
            >
              <option value="">{t('All providers')}</option>
              {providers.map((provider) => (
                <option key={provider.code} value={provider.code}>
                  {provider.name}
                </option>
              ))}
            </select>
          </div>
        </div>
      </details>

      {games.isPending ? (
        <LobbySkeleton />
      ) : games.isError ? (
        <EmptyState title={t('We could not load the games')} testId="casino-error">
          <p>{t('Check your connection and try again.')}</p>
          <Button variant="secondary" onClick={() => void games.refetch()} loading={games.isFetching}>
            {t('Try again')}
          </Button>
        </EmptyState>
      ) : all.length === 0 ? (
        <EmptyState title={MESSAGES.noData} testId="casino-empty">
          <p>
            {kind === 'slots' ? t('No slot games are open right now.') : t('No live casino tables are open right now.')}
          </p>
        </EmptyState>
      ) : (
        <>
          {filtered && groups.length > 0 ? (
            <p className="muted casino-filters__summary" role="status">
              {t('{shown} of {total} games', {
                shown: groups.reduce((sum, group) => sum + group.games.length, 0),
                total: all.length,
              })}
            </p>
          ) : null}
          {categories.length > 0 ? (
            <Carousel
              label={t('Categories')}
              className="carousel--categories"
              testId="category-carousel"
              items={categories}
              itemKey={(category) => category.name}
              renderItem={(category) => (
                <CategoryTile
                  name={category.name}
                  count={category.count}
                  selected={filter.category === category.name}
                  onSelect={() => setCategory(category.name)}
                />
              )}
            />
          ) : null}
          {[
            { key: 'favourites', title: t('Favourites'), list: favourites },
            { key: 'recent', title: t('Recently played'), list: recent },
          ].map((mine) =>
            mine.list.length === 0 ? null : (
              <section
                key={mine.key}
                className="casino-group stack"
                aria-labelledby={`${id}-${mine.key}`}
                data-testid={`my-games-${mine.key}`}
              >
                <h2 id={`${id}-${mine.key}`} className="section-title">
                  {mine.title}
                </h2>
                <Carousel
                  label={mine.title}
                  testId="game-carousel"
                  items={mine.list}
                  itemKey={(game) => game._id}
                  renderItem={(game) => tile(game)}
                />
              </section>
            ),
          )}
          {groups.length === 0 ? (
            <EmptyState title={MESSAGES.noData} icon="list" testId="casino-no-match">
              <p>
                {filter.search.trim() !== ''
                  ? t('No game matches “{search}”.', { search: filter.search.trim() })
                  : t('No game matches these filters.')}
              </p>
              <Button variant="secondary" onClick={() => setFilter(NO_FILTER)}>
                {t('Clear filters')}
              </Button>
            </EmptyState>
          ) : (
            groups.map((group, groupIndex) => (
              <section
                key={group.category}
                className="casino-group stack"
                aria-labelledby={`${id}-group-${groupIndex}`}
                data-testid="game-group"
                data-category={group.category}
              >
                <h2 id={`${id}-group-${groupIndex}`} className="section-title">
                  {categoryName(group.category)}
                </h2>
                {filter.category !== '' ? (
                  <ul className="game-grid" data-testid="game-grid" aria-label={categoryName(group.category)}>
                    {group.games.map((game, index) => (
                      <li key={game._id}>{tile(game, index < 4)}</li>
                    ))}
                  </ul>
                ) : (
                  <Carousel
                    label={categoryName(group.category)}
                    testId="game-carousel"
                    items={group.games}
                    itemKey={(game) => game._id}
                    renderItem={(game, index) => tile(game, groupIndex === 0 && index < 2)}
                  />
                )}
              </section>
            ))
          )}
        </>
      )}

      <CasinoHistory kind={kind} providers={providers} />

      {openGame ? <GameFrame key={openGame._id} game={openGame} onClose={close} /> : null}
    </div>
  );
}
