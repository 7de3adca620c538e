import { useState } from 'react';
import type { BonusOffer } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useOffers, usePauseOffer } from '../api/offers';
import { OfferDialog } from './offer-dialog';

const KIND_LABELS: Record<BonusOffer['kind'], string> = { welcome: 'Welcome', deposit: 'Deposit', manual: 'Manual' };

/** "100% up to ₹5,000.00" / "₹500.00" / "Set when granted". */
export function offerAmountText(offer: BonusOffer): string {
  if (offer.fixedAmount !== null) return formatRupees(offer.fixedAmount);
  if (offer.percent !== null)
    return `${offer.percent}%${offer.capAmount !== null ? ` up to ${formatRupees(offer.capAmount)}` : ''}`;
  return 'Set when granted';
}

function terms(offer: BonusOffer): string {
  const parts = [
    `${offer.wageringMultiple}× at odds ≥ ${offer.minOdds.toFixed(2)}`,
    `${offer.daysToActivate} d to activate, ${offer.daysToComplete} d to complete`,
  ];
  if (offer.kind === 'deposit')
    parts.unshift(
      `min deposit ${formatRupees(offer.minDeposit ?? 0)}, ${offer.frequency === 'once' ? 'once' : offer.frequency === 'daily' ? 'once a day' : 'once a week'}`,
    );
  parts.push(offer.maxConversion === null ? 'converts all' : `converts at most ${formatRupees(offer.maxConversion)}`);
  const c = offer.contributions;
  parts.push(
    `exchange ${c.exchange}%, bookmaker ${c.bookmaker}%, fancy ${c.fancy}%, slots ${c.slots}%, live casino ${c.liveCasino}%`,
  );
  return parts.join(' · ');
}

/** Every offer with its terms; create, edit, pause and resume. */
export function OffersPanel() {
  const offers = useOffers();
  const pause = usePauseOffer();
  const [editing, setEditing] = useState<BonusOffer | 'new' | null>(null);
  const [pausing, setPausing] = useState<BonusOffer | null>(null);

  return (
    <div className="bonus-panel">
      <div className="bonus-toolbar">
        <p className="muted">
          Welcome offers are given on a player&apos;s first approved deposit, deposit offers on qualifying deposits,
          manual offers by an operator from the player&apos;s page.
        </p>
        <Button variant="primary" onClick={() => setEditing('new')}>
          New offer
        </Button>
      </div>
      {offers.isPending ? (
        <LoadingBlock label="Loading offers…" />
      ) : offers.isError ? (
        <Alert
          action={
            <Button size="small" onClick={() => void offers.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(offers.error)}
        </Alert>
      ) : offers.data.length === 0 ? (
        <EmptyState title="No offers yet">
          Create a welcome offer so new players get a bonus on their first deposit.
        </EmptyState>
      ) : (
        <table className="data-table responsive-table" aria-label="Bonus offers">
          <thead>
            <tr>
              <th scope="col">Offer</th>
              <th scope="col">Kind</th>
              <th scope="col">Bonus</th>
              <th scope="col">Terms</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {offers.data.map((offer) => (
              <tr key={offer._id}>
                <td data-label="Offer">
                  <strong>{offer.name}</strong>
                </td>
                <td data-label="Kind">{KIND_LABELS[offer.kind]}</td>
                <td data-label="Bonus">{offerAmountText(offer)}</td>
                <td data-label="Terms" className="small">
                  {terms(offer)}
                </td>
                <td data-label="Status">
                  {offer.paused ? (
                    <span className="badge badge-muted">Paused</span>
                  ) : (
                    <span className="badge badge-ok">Live</span>
                  )}
                </td>
                <td data-label="Actions">
                  <span className="button-row">
                    <Button size="small" onClick={() => setEditing(offer)} aria-label={`Edit ${offer.name}`}>
                      Edit
                    </Button>
                    {offer.paused ? (
                      <Button
                        size="small"
                        busy={pause.isPending && pause.variables.id === offer._id}
                        onClick={() => pause.mutate({ id: offer._id, paused: false })}
                        aria-label={`Resume ${offer.name}`}
                      >
                        Resume
                      </Button>
                    ) : (
                      <Button
                        size="small"
                        variant="danger"
                        onClick={() => setPausing(offer)}
                        aria-label={`Pause ${offer.name}`}
                      >
                        Pause
                      </Button>
                    )}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing !== null ? (
        <OfferDialog offer={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={pausing !== null}
        title={`Pause ${pausing?.name ?? ''}?`}
        confirmLabel="Pause offer"
        danger
        busy={pause.isPending}
        onClose={() => setPausing(null)}
        onConfirm={() =>
          pausing !== null && pause.mutate({ id: pausing._id, paused: true }, { onSettled: () => setPausing(null) })
        }
      >
        <p>No new bonus is granted from this offer while it is paused. Bonuses already given keep running.</p>
      </ConfirmDialog>
    </div>
  );
}
