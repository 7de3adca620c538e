import { useState } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Modal } from '../../../components/ui/modal';
import { Skeleton } from '../../../components/ui/spinner';
import { groupBetsByEvent, useMyBets, type BetGroup, type BetStatus } from '../api/get-my-bets';

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

function BetGroupPanel({ group, onNavigate }: { group: BetGroup; onNavigate: () => void }) {
  const [open, setOpen] = useState(true);
  const panelId = `bets-${group.key.replace(/[^a-z0-9]/gi, '-')}`;
  return (
    <section className="bet-group">
      <div className="bet-group__header">
        <button type="button" className="bet-group__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)}>
          <span aria-hidden="true" className={`chevron${open ? ' chevron--open' : ''}`} />
          {group.eventName}
          <span className="muted"> ({group.bets.length})</span>
        </button>
        <Link className="bet-group__link" to={group.href} onClick={onNavigate}>
          View event
        </Link>
      </div>
      {open ? (
        <ul id={panelId} className="bet-list">
          {group.bets.map((bet) => (
            <li key={bet._id} className={`bet-row bet-row--${bet.selectionType}`}>
              <span className="bet-row__selection">
                {bet.selection} <span className="badge">{bet.selectionType.toUpperCase()}</span>
              </span>
              <span className="bet-row__market muted">{bet.marketType}</span>
              <span>
                Odds <strong>{bet.oddsSize ? `${bet.odds} / ${bet.oddsSize}` : bet.odds}</strong>
              </span>
              <span>
                Stake <strong>{formatRupees(bet.stake)}</strong>
              </span>
              <time className="muted" dateTime={bet.createdAt}>
                {dateTime.format(new Date(bet.createdAt))}
              </time>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function BetList({ status, onNavigate }: { status: BetStatus; onNavigate: () => void }) {
  const bets = useMyBets(status, true);
  if (bets.isPending) {
    return (
      <div className="stack" aria-busy="true">
        <Skeleton height="3rem" />
        <Skeleton height="3rem" />
      </div>
    );
  }
  const groups = groupBetsByEvent(bets.data ?? []);
  if (groups.length === 0) return <p className="no-data" data-testid="my-bets-empty">{MESSAGES.noData}</p>;
  return (
    <div className="stack">
      {groups.map((group) => (
        <BetGroupPanel key={group.key} group={group} onNavigate={onNavigate} />
      ))}
    </div>
  );
}

/** My Bets (spec §2): bets grouped by event, each group collapsible with a link to its event page. */
export function MyBetsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [status, setStatus] = useState<BetStatus>('open');
  return (
    <Modal open={open} title="My Bets" onClose={onClose} testId="my-bets-modal" className="modal--wide">
      <div className="segmented" role="group" aria-label="Bet status">
        <button type="button" aria-pressed={status === 'open'} onClick={() => setStatus('open')}>
          Open
        </button>
        <button type="button" aria-pressed={status === 'settled'} onClick={() => setStatus('settled')}>
          Settled
        </button>
      </div>
      <BetList key={status} status={status} onNavigate={onClose} />
    </Modal>
  );
}
