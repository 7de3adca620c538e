import { useState } from 'react';
import type { FormEvent } from 'react';
import type { MarketTypeRule, MarketTypeRules } from '@khel/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useMarketTypeRules, useSetMarketTypeRules } from '../api/market-type-rules';

/** The market types as the panel names them (match odds are the exchange's markets). */
export const MARKET_TYPE_LABELS: Record<MarketTypeRule['marketType'], string> = {
  EXCHANGE: 'Match odds',
  BOOKMAKER: 'Bookmaker',
  FANCY: 'Fancy',
};

interface LineDraft {
  marketType: MarketTypeRule['marketType'];
  locked: boolean;
  minStake: string;
  maxStake: string;
  maxProfit: string;
}

const text = (value: number | null) => value?.toString() ?? '';
const amount = (value: string) => (value.trim() === '' ? null : Number(value));
const shown = (value: number | null) => (value === null ? null : `₹${value.toLocaleString('en-IN')}`);

const draftOf = (rules: MarketTypeRules): LineDraft[] =>
  rules.rules.map((rule) => ({
    marketType: rule.marketType,
    locked: rule.locked,
    minStake: text(rule.minStake),
    maxStake: text(rule.maxStake),
    maxProfit: text(rule.maxProfit),
  }));

function inheritedText(rule: MarketTypeRule): string | null {
  const parts = [
    rule.locked ? 'locked' : null,
    rule.minStake === null ? null : `min ${shown(rule.minStake)}`,
    rule.maxStake === null ? null : `max ${shown(rule.maxStake)}`,
    rule.maxProfit === null ? null : `max profit ${shown(rule.maxProfit)}`,
  ].filter((part) => part !== null);
  return parts.length === 0 ? null : `${MARKET_TYPE_LABELS[rule.marketType]}: ${parts.join(', ')}`;
}

/**
 * Locks and stake and profit limits per market type on an account and everything below it (decision
 * 0064): the caller's own line per type, and what binds from above, which it cannot lift.
 */
export function MarketTypeRulesPanel({ ownerId }: { ownerId: string }) {
  const rules = useMarketTypeRules(ownerId);
  const save = useSetMarketTypeRules(ownerId);
  const [draft, setDraft] = useState<LineDraft[] | null>(null);
  if (rules.isPending) return <LoadingBlock label="Loading market locks…" />;
  if (rules.isError) return <Alert>{errorMessage(rules.error)}</Alert>;
  const lines = draft ?? draftOf(rules.data);
  const setLine = (index: number, change: Partial<LineDraft>) =>
    setDraft(lines.map((line, at) => (at === index ? { ...line, ...change } : line)));
  const inherited = rules.data.inherited.map(inheritedText).filter((line) => line !== null);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      {
        rules: lines.map((line) => ({
          marketType: line.marketType,
          locked: line.locked,
          minStake: amount(line.minStake),
          maxStake: amount(line.maxStake),
          maxProfit: amount(line.maxProfit),
        })),
      },
      { onSuccess: () => setDraft(null) },
    );
  }

  return (
    <section className="card" aria-labelledby="market-type-rules-title">
      <h2 id="market-type-rules-title">Market locks and limits</h2>
      <p className="muted">
        Lock match odds, bookmaker or fancy, or limit stakes and profit per market type, for this account and every
        account below it. What an upline set stays whatever you choose here.
      </p>
      <form onSubmit={submit} noValidate aria-label="Market locks and limits">
        <div className="limit-lines">
          {lines.map((line, index) => (
            <fieldset key={line.marketType} className="limit-line">
              <legend>{MARKET_TYPE_LABELS[line.marketType]}</legend>
              <label className="checkbox-row">
                <input
                  type="checkbox"
                  checked={line.locked}
                  onChange={(event) => setLine(index, { locked: event.target.checked })}
                />{' '}
                Lock {MARKET_TYPE_LABELS[line.marketType]}
              </label>
              <TextField
                label="Min stake (₹)"
                inputMode="decimal"
                value={line.minStake}
                onChange={(event) => setLine(index, { minStake: event.target.value })}
              />
              <TextField
                label="Max stake (₹)"
                inputMode="decimal"
                value={line.maxStake}
                onChange={(event) => setLine(index, { maxStake: event.target.value })}
              />
              <TextField
                label="Max profit (₹)"
                inputMode="decimal"
                value={line.maxProfit}
                onChange={(event) => setLine(index, { maxProfit: event.target.value })}
              />
            </fieldset>
          ))}
        </div>
        {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
        <Button type="submit" variant="primary" busy={save.isPending}>
          Save market locks
        </Button>
      </form>
      <h3>What binds this account from above</h3>
      {inherited.length === 0 ? (
        <p className="muted">No market locks or limits from above.</p>
      ) : (
        <ul className="inherited-limits">
          {inherited.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
