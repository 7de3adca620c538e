import { describe, expect, it } from 'vitest';
import { makeProfile } from '../../testing/fixtures';
import { applyProfileChange, profileChangeCount, sessionStore, startSession, updateUserFromRead } from './session';

describe('a profile read and a pushed balance', () => {
  it('keeps a balance pushed while the read was in flight, and takes the rest of the read', () => {
    startSession('token-1', makeProfile({ balance: 1000, exposure: 0, name: 'Asha' }));
    const sent = profileChangeCount();
    // The round settles: the push says 1,090 while a read answered before the commit is on its way back.
    applyProfileChange({ balance: 1090, exposure: 0, bonus: 0, bonusExposure: 0 });
    updateUserFromRead(makeProfile({ balance: 1000, exposure: 0, name: 'Asha K' }), sent);
    expect(sessionStore.get().user).toMatchObject({ balance: 1090, name: 'Asha K' });
  });

  it("takes a read's balances when no push arrived while it was in flight", () => {
    startSession('token-1', makeProfile({ balance: 1000 }));
    applyProfileChange({ balance: 1090, exposure: 0, bonus: 0, bonusExposure: 0 });
    const sent = profileChangeCount();
    updateUserFromRead(makeProfile({ balance: 1200, exposure: -50 }), sent);
    expect(sessionStore.get().user).toMatchObject({ balance: 1200, exposure: -50 });
  });

  it('keeps the wallet a switch chose while a read that left before it was in flight', () => {
    startSession('token-1', makeProfile({ wallet: '2', balance: 1000 }));
    // The page's read leaves, then the player switches to the main wallet and the switch answers first.
    const sent = profileChangeCount();
    applyProfileChange(makeProfile({ wallet: '1', balance: 1000 }));
    updateUserFromRead(makeProfile({ wallet: '2', balance: 1000, name: 'Asha K' }), sent);
    expect(sessionStore.get().user).toMatchObject({ wallet: '1', name: 'Asha K' });
  });
});
