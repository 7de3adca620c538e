import { ROLES } from '@khel/contract';
import type { BackofficeUser } from '@khel/contract';
import { useProfile } from '../../../lib/auth/get-user-data';
import { BetLimitsPanel } from './bet-limits-panel';
import { MarketTypeRulesPanel } from './market-type-rules-panel';
import { PartnershipPanel } from './partnership-panel';

const AGENTS: readonly number[] = [ROLES.AGENT, ROLES.CREDIT_AGENT];
const BETTORS_OR_AGENTS: readonly number[] = [ROLES.PLAYER, ROLES.CREDIT_PLAYER, ...AGENTS];

/**
 * On a user's page: an agent's partnership (its upline or the director sets it) and the bet limits
 * and blocks binding the account and everything below it. Never on the caller's own account.
 */
export function AgentPanels({ user }: { user: BackofficeUser }) {
  const profile = useProfile();
  const me = profile.data;
  if (me === undefined || me._id === user._id || !BETTORS_OR_AGENTS.includes(user.role)) return null;
  const siteRole = me.role === ROLES.DIRECTOR || me.role === ROLES.SUPPORT_ADMIN;
  const upline = (user as BackofficeUser & { uplineId?: string | null }).uplineId;
  return (
    <div className="detail-grid">
      {AGENTS.includes(user.role) ? (
        <PartnershipPanel userId={user._id} canEdit={siteRole || upline === me._id} />
      ) : null}
      <BetLimitsPanel ownerId={user._id} canEdit />
      <MarketTypeRulesPanel ownerId={user._id} />
    </div>
  );
}
