import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useBackClose, whenHistorySettled } from './back-close';

function Sheet({ name, onClose }: { name: string; onClose: () => void }) {
  useBackClose(true, onClose);
  return <p>{name}</p>;
}

function Page() {
  const [open, setOpen] = useState<'drawer' | 'bets' | null>(null);
  return (
    <>
      <button onClick={() => setOpen('drawer')}>open</button>
      {open === 'drawer' ? (
        <>
          <Sheet name="drawer" onClose={() => setOpen(null)} />
          <button onClick={() => setOpen('bets')}>bets</button>
          <button onClick={() => setOpen(null)}>close-drawer</button>
        </>
      ) : null}
      {open === 'bets' ? (
        <>
          <Sheet name="bets" onClose={() => setOpen(null)} />
          <button onClick={() => setOpen(null)}>close</button>
        </>
      ) : null}
    </>
  );
}

const marked = () => (window.history.state as { khelSheet?: boolean } | null)?.khelSheet === true;

describe('Back closes the open sheet (issue 31)', () => {
  it('Back closes a sheet and keeps the page; a sheet opened from another shares its entry; a button close takes the entry back', async () => {
    window.history.replaceState({ idx: 3, key: 'page' }, '');
    const start = window.history.length;
    render(<Page />);
    act(() => screen.getByText('open').click());
    expect(screen.getByText('drawer')).toBeTruthy();
    expect(marked()).toBe(true);
    // The router's own fields stay on the marker, so a Back from it is no navigation for the router.
    expect((window.history.state as { idx: number }).idx).toBe(3);
    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByText('drawer')).toBeNull());
    expect(marked()).toBe(false);

    act(() => screen.getByText('open').click());
    act(() => screen.getByText('bets').click());
    expect(screen.getByText('bets')).toBeTruthy();
    expect(window.history.length).toBe(start + 1);
    act(() => screen.getByText('close').click());
    await waitFor(() => expect(marked()).toBe(false));
    expect(window.history.state).toEqual({ idx: 3, key: 'page' });
  });

  it("a navigation made once the history has settled is not undone by the closing sheet's Back (Logout from the drawer)", async () => {
    window.history.replaceState({ idx: 5, key: 'home' }, '', '/');
    render(<Page />);
    act(() => screen.getByText('open').click());
    expect(marked()).toBe(true);
    // What the drawer's Logout does: close, then navigate once the drawer's marker is off the history.
    act(() => screen.getByText('close-drawer').click());
    await act(async () => {
      await whenHistorySettled();
    });
    // Settled means the drawer's marker is off and its Back has landed: nothing is on its way.
    expect(marked()).toBe(false);
    expect(window.history.state).toEqual({ idx: 5, key: 'home' });
    window.history.pushState({ idx: 6, key: 'login' }, '', '/login');
    await new Promise((done) => setTimeout(done, 50));
    expect(window.location.pathname).toBe('/login');
    expect(marked()).toBe(false);
  });
});
