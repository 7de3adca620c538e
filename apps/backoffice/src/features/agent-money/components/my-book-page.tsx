import { useProfile } from '../../../lib/auth/get-user-data';
import { LoadingBlock } from '../../../components/ui/spinner';
import { AgentBookPanel } from './agent-book-panel';

/** An agent's own statement, from the sidebar (decision 0054). */
export function MyBookPage() {
  const me = useProfile().data;
  return (
    <section className="page" aria-labelledby="my-book-title">
      <h1 id="my-book-title">My statement</h1>
      {me === undefined ? <LoadingBlock /> : <AgentBookPanel agentId={me._id} title="Chips and credit" />}
    </section>
  );
}
