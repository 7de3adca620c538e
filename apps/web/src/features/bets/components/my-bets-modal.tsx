import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Skeleton } from '../../../components/ui/spinner';
import { lapseReasonText } from '../../../lib/bet-text';
import { chosenLocale, formatDate } from '../../../lib/dates';
import { useCancelBet } from '../api/cancel-bet';
import {
  NO_FILTER,
  groupBetsByEvent,
  useMyBets,
  useSportChoices,
  type BetFilter,
  type BetGroup,
  type BetRow,
  type BetStatus,
} from '../api/get-my-bets';
import { msg, t } from '../../../lib/i18n/i18n';

const isFancy = (bet: BetRow) => bet.marketType.toUpperCase() === 'FANCY';
const sideLabel = (bet: BetRow) =>
  isFancy(bet)
    ? bet.selectionType === 'back'
      ? t('YES')
      : t('NO')
    : (bet.selectionType === 'back' ? t('Back') : t('Lay')).toUpperCase();
const MARKET_TYPES: Record<string, string> = {
  EXCHANGE: msg('Exchange'),
  BOOKMAKER: msg('Bookmaker'),
  FANCY: msg('Fancy'),
};
/** English shows the market type as the server sends it (BOOKMAKER); Hindi its word. */
const marketTypeText = (type: string) =>
  chosenLocale() === 'hi' && MARKET_TYPES[type] !== undefined ? t(MARKET_TYPES[type]) : type;

const STATUS_LABELS: Record<string, string> = {
  pending: msg('Bet delay'),
  unmatched: msg('Unmatched'),
  matched: msg('Matched'),
  cancelled: msg('Cancelled'),
  lapsed: msg('Lapsed'),
  settled: msg('Settled'),
  voided: msg('Voided'),
};

function statusOf(bet: BetRow): string | null {
  if (!bet.status) return null;
  if (bet.status === 'unmatched' && (bet.matchedStake ?? 0) > 0) return t('Partly matched');
  return t(STATUS_LABELS[bet.status] ?? bet.status);
}

/** Edit bet (decision 0067): lazy, off the first load. */
const EditBetForm = lazy(() => import('../../../components/edit-bet/edit-bet-form'));

function BetItem({ bet }: { bet: BetRow }) {
  const cancel = useCancelBet();
  const [editing, setEditing] = useState(false);
  const unmatched = bet.unmatchedStake ?? 0;
  const cancellable = (bet.status === 'unmatched' || (bet.status === 'matched' && unmatched > 0)) && unmatched > 0;
  const status = statusOf(bet);
  // A bookmaker or fancy cash out's closing bet against the house has no side or odds of its own (decision 0022).
  const closing = bet.cashOut === true && bet.selectionId === null && bet.odds === 0;
  return (
    <li className={`bet-row bet-row--${bet.selectionType}`} data-testid="bet-row" data-status={bet.status ?? ''}>
      <span className="bet-row__selection">
        {bet.selection} {closing ? null : <span className="badge">{sideLabel(bet)}</span>}
        {bet.cashOut === true && !closing ? (
          <span className="badge" data-testid="bet-cash-out">
            {t('Cash Out')}
          </span>
        ) : null}
        {status ? (
          <span className={`badge bet-status bet-status--${bet.status ?? ''}`} data-testid="bet-status">
            {status}
          </span>
        ) : null}
      </span>
      <span className="bet-row__market muted">
        {bet.marketName ? `${bet.marketName} · ${marketTypeText(bet.marketType)}` : marketTypeText(bet.marketType)}
      </span>
      {closing ? null : (
        <span>
          {isFancy(bet) ? t('Runs') : t('Odds')}{' '}
          <strong>{bet.oddsSize ? `${bet.odds} / ${bet.oddsSize}` : bet.odds}</strong>
        </span>
      )}
      {/* The price the fills got, when it is not the price asked (issue 31). */}
      {!closing && !isFancy(bet) && bet.matchedOdds != null && bet.matchedOdds !== bet.odds ? (
        <span>
          {t('Matched at')} <strong data-testid="bet-matched-odds">{bet.matchedOdds}</strong>
        </span>
      ) : null}
      <span>
        {t('Stake')} <strong>{formatRupees(bet.stake)}</strong>
      </span>
      {bet.matchedStake !== undefined && unmatched > 0 ? (
        <span>
          {t('Matched')} <strong>{formatRupees(bet.matchedStake)}</strong> · {t('Unmatched')}{' '}
          <strong data-testid="bet-unmatched">{formatRupees(unmatched)}</strong>
        </span>
      ) : null}
      {bet.profitLoss !== null && bet.profitLoss !== undefined ? (
        <span>
          {t('Result')}{' '}
          <strong
            className={bet.profitLoss > 0 ? 'amount--plus' : bet.profitLoss < 0 ? 'amount--minus' : ''}
            data-testid="bet-result"
          >
            {formatRupees(bet.profitLoss)}
          </strong>
        </span>
      ) : null}
      {bet.status === 'lapsed' ? <span className="bet-row__note muted">{lapseReasonText(bet.lapseReason)}</span> : null}
      <time className="muted" dateTime={bet.createdAt}>
        {formatDate(bet.createdAt, 'medium')}
      </time>
      {cancellable ? (
        <span className="bet-row__actions">
          {bet.marketType === 'EXCHANGE' && bet.status === 'unmatched' ? (
            <Button
              variant="secondary"
              className="button--small"
              onClick={() => setEditing((open) => !open)}
              aria-expanded={editing}
              data-testid="edit-bet"
            >
              {t('Edit')}
            </Button>
          ) : null}
          <Button
            variant="secondary"
            className="button--small"
            loading={cancel.isPending}
            loadingLabel={t('Cancelling…')}
            onClick={() => cancel.mutate(bet._id)}
            data-testid="cancel-bet"
          >
            {t('Cancel unmatched')}
          </Button>
        </span>
      ) : null}
      {editing ? (
        <Suspense fallback={<Skeleton height="3rem" />}>
          <EditBetForm bet={bet} onDone={() => setEditing(false)} />
        </Suspense>
      ) : null}
    </li>
  );
}

function BetGroupPanel({ group, onNavigate }: { group: BetGroup; onNavigate: () => void }) {
  const [open, setOpen] = useState(true);
  const panelId = `bets-${group.key.replace(/[^a-z0-9]/gi, '-')}`;
  const unmatched = group.bets.filter((bet) => (bet.unmatchedStake ?? 0) > 0 || bet.status === 'pending');
  const others = group.bets.filter((bet) => !unmatched.includes(bet));
  return (
    <section className="bet-group" data-testid="bet-group">
      <div className="bet-group__header">
        <button
          type="button"
          className="bet-group__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          <span aria-hidden="true" className={`chevron${open ? ' chevron--open' : ''}`} />
          {group.eventName}
          <span className="muted"> ({group.bets.length})</span>
        </button>
        <Link className="bet-group__link" replace to={group.href} onClick={onNavigate}>
          {t('View event')}
        </Link>
      </div>
      {open ? (
        <div id={panelId}>
          {unmatched.length > 0 ? (
            <>
              <h3 className="bet-list__title">{t('Unmatched')}</h3>
              <ul className="bet-list">
                {unmatched.map((bet) => (
                  <BetItem key={bet._id} bet={bet} />
                ))}
              </ul>
            </>
          ) : null}
          {others.length > 0 ? (
            <>
              {unmatched.length > 0 ? <h3 className="bet-list__title">{t('Matched')}</h3> : null}
              <ul className="bet-list">
                {others.map((bet) => (
                  <BetItem key={bet._id} bet={bet} />
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function BetList({ status, filter, onNavigate }: { status: BetStatus; filter: BetFilter; onNavigate: () => void }) {
  const bets = useMyBets(status, true, filter);
  if (bets.isPending) {
    return (
      <div className="stack" aria-busy="true">
        <Skeleton height="3rem" />
        <Skeleton height="3rem" />
      </div>
    );
  }
  const groups = groupBetsByEvent(bets.data ?? []);
  if (groups.length === 0)
    return (
      <p className="no-data" data-testid="my-bets-empty">
        {MESSAGES.noData}
      </p>
    );
  return (
    <div className="stack">
      {groups.map((group) => (
        <BetGroupPanel key={group.key} group={group} onNavigate={onNavigate} />
      ))}
    </div>
  );
}

/** My Bets' filters (issue 31): sport, market type and India dates, each optional. */
function BetFilters({ filter, onChange }: { filter: BetFilter; onChange: (filter: BetFilter) => void }) {
  const sports = useSportChoices();
  const set = (change: Partial<BetFilter>) => onChange({ ...filter, ...change });
  return (
    <div className="bet-filters" role="group" aria-label={t('Filter bets')} data-testid="my-bets-filters">
      <select
        className="input"
        aria-label={t('Sport')}
        value={filter.sport}
        onChange={(event) => set({ sport: event.target.value })}
        data-testid="my-bets-sport"
      >
        <option value="">{t('All sports')}</option>
        {(sports.data ?? []).map((sport) => (
          <option key={sport._id} value={sport.slugName}>
            {sport.name}
          </option>
        ))}
      </select>
      <select
        className="input"
        aria-label={t('Market type')}
        value={filter.marketType}
        onChange={(event) => set({ marketType: event.target.value })}
        data-testid="my-bets-market-type"
      >
        <option value="">{t('All markets')}</option>
        {Object.entries(MARKET_TYPES).map(([type, label]) => (
          <option key={type} value={type}>
            {t(label)}
          </option>
        ))}
      </select>
      <input
        className="input"
        type="date"
        aria-label={t('From')}
        value={filter.startDate}
        max={filter.endDate || undefined}
        onChange={(event) => set({ startDate: event.target.value })}
        data-testid="my-bets-from"
      />
      <input
        className="input"
        type="date"
        aria-label={t('To')}
        value={filter.endDate}
        min={filter.startDate || undefined}
        onChange={(event) => set({ endDate: event.target.value })}
        data-testid="my-bets-to"
      />
    </div>
  );
}

/** My Bets (spec §2): bets grouped by event, each group collapsible with a link to its event page. */
export function MyBetsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [status, setStatus] = useState<BetStatus>('open');
  const [filter, setFilter] = useState<BetFilter>(NO_FILTER);
  return (
    <Modal open={open} title={t('My Bets')} onClose={onClose} testId="my-bets-modal" className="modal--wide">
      <div className="segmented" role="group" aria-label={t('Bet status')}>
        <button type="button" aria-pressed={status === 'open'} onClick={() => setStatus('open')}>
          {t('Open')}
        </button>
        <button type="button" aria-pressed={status === 'settled'} onClick={() => setStatus('settled')}>
          {t('Settled')}
        </button>
      </div>
      <BetFilters filter={filter} onChange={setFilter} />
      <BetList key={status} status={status} filter={filter} onNavigate={onClose} />
    </Modal>
  );
}
