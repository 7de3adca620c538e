import { AGENT_ROLES } from '@khel/contract';
import type { RoleId } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Alert } from '../../../components/ui/alert';
import { errorMessage } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth/get-user-data';
import { useAgentLanding } from '../api/agent-landing';

const signed = (value: number) => <span className={value < 0 ? 'negative' : undefined}>{formatRupees(value)}</span>;

/**
 * An agent's landing figures above its own downline (issue 28, decision 0065): its free chips or
 * credit, its downline's exposure, and its P&L today and this week from the journal (the book's side:
 * positive when the downline lost). Nothing for an operator.
 */
export function AgentLandingFigures() {
  const role = useProfile().data?.role;
  const agent = AGENT_ROLES.includes(role as RoleId);
  const landing = useAgentLanding(agent);
  if (!agent) return null;
  if (landing.isError) return <Alert>{errorMessage(landing.error)}</Alert>;
  const data = landing.data;
  return (
    <section className="card" aria-label="Your figures">
      <dl className="balance-summary">
        <div>
          <dt>{data?.kind === 'credit' ? 'Free credit' : 'Free chips'}</dt>
          <dd data-testid="landing-own">{data === undefined ? '…' : formatRupees(data.own)}</dd>
        </div>
        <div>
          <dt>Downline exposure</dt>
          <dd>{data === undefined ? '…' : signed(data.exposure)}</dd>
        </div>
        <div>
          <dt>P&amp;L today</dt>
          <dd>{data === undefined ? '…' : signed(data.today.pnl)}</dd>
        </div>
        <div>
          <dt>P&amp;L this week</dt>
          <dd title={data === undefined ? undefined : `${data.week.from} to ${data.week.to}`}>
            {data === undefined ? '…' : signed(data.week.pnl)}
          </dd>
        </div>
      </dl>
      <p className="muted small">P&amp;L is your downline’s settled play from your side: positive when it lost.</p>
    </section>
  );
}
