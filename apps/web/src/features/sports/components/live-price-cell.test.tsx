import { Profiler, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Market } from '@khel/contract';
import { RUNNER_A, RUNNER_B, exchangeMarket } from '../../../testing/sports-fixtures';
import { applyLiveMessage, flushLiveUpdates, resetLiveMarkets, useLiveMarketShape } from '../hooks/live-markets';
import { LivePriceCell } from './live-price-cell';

afterEach(() => resetLiveMarkets());

const bestBack = (runnerId: string) => (market: Market) =>
  market.runners.find((runner) => runner._id === runnerId)?.back[0]?.price ?? null;

/** The market with one runner's best back price moved. */
function moved(version: number, runnerId: string, price: number): Market {
  const market = exchangeMarket({ version });
  return {
    ...market,
    runners: market.runners.map((runner) =>
      runner._id === runnerId ? { ...runner, back: [{ price, size: 12000 }, ...runner.back.slice(1)] } : runner,
    ),
  };
}

function deliver(market: Market) {
  act(() => {
    applyLiveMessage({ type: 'market', market });
    flushLiveUpdates();
  });
}

function Counted({ id, renders, children }: { id: string; renders: Map<string, number>; children: ReactNode }) {
  return (
    <Profiler id={id} onRender={() => renders.set(id, (renders.get(id) ?? 0) + 1)}>
      {children}
    </Profiler>
  );
}

function Frame({ market, renders }: { market: Market; renders: Map<string, number> }) {
  const shape = useLiveMarketShape(market);
  renders.set('frame', (renders.get('frame') ?? 0) + 1);
  return <p data-testid="status">{shape.status}</p>;
}

function Cells({ market, renders }: { market: Market; renders: Map<string, number> }) {
  return (
    <>
      <Frame market={market} renders={renders} />
      <Counted id="india" renders={renders}>
        <LivePriceCell market={market} side="back" price={bestBack(RUNNER_A)} label="Back India" testId="india" />
      </Counted>
      <Counted id="australia" renders={renders}>
        <LivePriceCell
          market={market}
          side="back"
          price={bestBack(RUNNER_B)}
          label="Back Australia"
          testId="australia"
        />
      </Counted>
    </>
  );
}

describe('per-cell price subscriptions', () => {
  it('re-renders only the cell whose price moved, not its neighbours nor the market frame', () => {
    const renders = new Map<string, number>();
    const loaded = exchangeMarket();
    render(<Cells market={loaded} renders={renders} />);
    expect(Object.fromEntries(renders)).toEqual({ frame: 1, india: 1, australia: 1 });

    deliver(moved(2, RUNNER_A, 1.85));
    expect(screen.getByTestId('india').textContent).toBe('1.85');
    expect(screen.getByTestId('australia').textContent).toBe('2.2');
    expect(Object.fromEntries(renders)).toEqual({ frame: 1, india: 2, australia: 1 });

    // A new version with the same prices re-renders nothing.
    deliver(moved(3, RUNNER_A, 1.85));
    expect(Object.fromEntries(renders)).toEqual({ frame: 1, india: 2, australia: 1 });

    // A suspension changes the frame's shape: the frame renders, the cells do not.
    deliver({ ...moved(4, RUNNER_A, 1.85), status: 'suspended' });
    expect(screen.getByTestId('status').textContent).toBe('suspended');
    expect(Object.fromEntries(renders)).toEqual({ frame: 2, india: 2, australia: 1 });
  });

  it('flashes with a CSS animation restarted on every move, without a timer, and only on the cell that moved', () => {
    const loaded = exchangeMarket();
    render(<Cells market={loaded} renders={new Map()} />);
    const india = screen.getByTestId('india');
    expect(india.querySelector('.price__flash')).toBeNull();

    deliver(moved(2, RUNNER_A, 1.85));
    expect(india.className).toContain('price--flash-up');
    const first = india.querySelector('.price__flash');
    expect(first).not.toBeNull();
    expect(first?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByTestId('australia').querySelector('.price__flash')).toBeNull();

    deliver(moved(3, RUNNER_A, 1.9));
    const second = india.querySelector('.price__flash');
    expect(india.className).toContain('price--flash-up');
    expect(second).not.toBe(first); // a new element: its animation starts again

    deliver(moved(4, RUNNER_A, 1.7));
    expect(india.className).toContain('price--flash-down');
    expect(india.className).not.toContain('price--flash-up');
    expect(india.querySelector('.price__flash')).not.toBe(second);
    expect(india.textContent).toBe('1.7');
  });
});
