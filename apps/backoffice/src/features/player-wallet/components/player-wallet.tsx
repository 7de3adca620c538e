import { PlayMoneyNote } from '../../../components/money/play-money-note';
import { PlayerAdjustments } from './player-adjustments';
import { PlayerLedger } from './player-ledger';

/** The money side of a user's page: adjustments and the ledger they land in. */
export function PlayerWallet({ userId, playerName }: { userId: string; playerName: string }) {
  return (
    <div className="player-wallet">
      <PlayMoneyNote />
      <PlayerAdjustments userId={userId} playerName={playerName} />
      <PlayerLedger userId={userId} />
    </div>
  );
}
