import { useParams } from 'react-router';
import { AGENT_ROLES } from '@khel/contract';
import type { RoleId } from '@khel/contract';
import { AccountMoneyPanel } from '../../features/agent-money/components/account-money-panel';
import { AgentBookPanel } from '../../features/agent-money/components/agent-book-panel';
import { PlayerBets } from '../../features/downline/components/player-bets';
import { PlayerProfitLoss } from '../../features/downline/components/player-profit-loss';
import { ResetPassword } from '../../features/downline/components/reset-password';
import { PlayerLedger } from '../../features/player-wallet/components/player-ledger';
import { isSiteOperator, useProfile } from '../../lib/auth/get-user-data';
import { AuditTrail } from '../../features/audit/components/audit-trail';
import { SecondFactorReset } from '../../features/auth/components/second-factor-reset';
import { PlayerBonuses } from '../../features/bonuses/components/player-bonuses';
import { PlayerWallet } from '../../features/player-wallet/components/player-wallet';
import { PlayerActivity } from '../../features/reports/components/player-activity';
import { AgentPanels } from '../../features/agent-partnership/components/agent-panels';
import { MoveAccountPanel } from '../../features/tree-moves/components/move-account-panel';
import { useUser } from '../../features/users/api/get-user';
import { UserDetail } from '../../features/users/components/user-detail';

/**
 * Features stay apart; the page about a user composes the users feature with that user's money
 * (adjustments and ledger), bonuses, an operator's second-factor reset, bets and sign-ins (reports) and the audit trail.
 */
export function UserDetailRoute() {
  const { id = '' } = useParams();
  const user = useUser(id);
  const me = useProfile();
  // Agents see their downline's statement and bets; adjustments and bonuses are the site operators' desks.
  const operator = isSiteOperator(me.data);
  return (
    <section className="page" aria-labelledby="user-title">
      <UserDetail key={id} userId={id} />
      {user.data !== undefined ? (
        <AccountMoneyPanel key={`money-${id}`} userId={id} role={user.data.role} uplineId={user.data.uplineId} />
      ) : null}
      {user.data !== undefined && AGENT_ROLES.includes(user.data.role as RoleId) ? (
        <AgentBookPanel key={`book-${id}`} agentId={id} />
      ) : null}
      {user.data !== undefined && operator ? (
        <PlayerWallet key={`wallet-${id}`} userId={id} playerName={user.data.name || user.data.username} />
      ) : null}
      {user.data !== undefined && !operator ? <PlayerLedger key={`ledger-${id}`} userId={id} /> : null}
      {user.data !== undefined ? <PlayerBets key={`bets-${id}`} userId={id} /> : null}
      {user.data !== undefined ? <PlayerProfitLoss key={`profit-loss-${id}`} userId={id} /> : null}
      {user.data !== undefined && me.data?._id !== id ? <ResetPassword key={`password-${id}`} userId={id} /> : null}
      {user.data !== undefined ? <SecondFactorReset key={`second-factor-${id}`} user={user.data} /> : null}
      {user.data !== undefined ? <AgentPanels key={`agent-${id}`} user={user.data} /> : null}
      {user.data !== undefined ? <MoveAccountPanel key={`move-${id}`} user={user.data} /> : null}
      {user.data !== undefined && operator ? (
        <PlayerBonuses key={`bonuses-${id}`} userId={id} playerName={user.data.name || user.data.username} />
      ) : null}
      {user.data !== undefined ? <PlayerActivity key={`activity-${id}`} userId={id} /> : null}
      <AuditTrail key={`audit-${id}`} targetId={id} />
    </section>
  );
}
