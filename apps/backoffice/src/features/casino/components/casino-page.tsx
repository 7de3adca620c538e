import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadingBlock } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { errorMessage } from '../../../lib/api-client';
import { useCasinoProviders } from '../api/providers';
import { GamesPanel } from './games-panel';
import { ProvidersPanel } from './providers-panel';
import { ReconciliationPanel } from './reconciliation-panel';
import { RoundsPanel } from './rounds-panel';
import '../casino.css';

const VIEWS = ['games', 'providers', 'rounds', 'reconciliation'] as const;
type View = (typeof VIEWS)[number];
const VIEW_LABELS: Record<View, string> = {
  games: 'Games',
  providers: 'Providers',
  rounds: 'Rounds & transactions',
  reconciliation: 'Reconciliation',
};

function viewOf(value: string | null): View {
  return (VIEWS as readonly string[]).includes(value ?? '') ? (value as View) : 'games';
}

/** The casino desk: `/casino?view=games|providers|rounds|reconciliation&provider=&date=`. */
export function CasinoPage() {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params.get('view'));

  function go(next: View) {
    // The provider and date stay when moving between the two reports.
    const search = new URLSearchParams();
    if (next !== 'games') search.set('view', next);
    if (next === 'rounds' || next === 'reconciliation') {
      for (const key of ['provider', 'date']) {
        const value = params.get(key);
        if (value !== null) search.set(key, value);
      }
    }
    setParams(search);
  }

  return (
    <section className="page casino-desk" aria-labelledby="casino-title">
      <header className="page-header">
        <h1 id="casino-title">Casino</h1>
      </header>
      <Tabs
        label="Casino desk"
        value={view}
        onChange={go}
        items={VIEWS.map((value) => ({ value, label: VIEW_LABELS[value] }))}
      >
        {view === 'games' ? <GamesPanel /> : view === 'providers' ? <ProvidersPanel /> : <ReportView view={view} />}
      </Tabs>
    </section>
  );
}

/** Both reports are per provider: they wait for the provider list. */
function ReportView({ view }: { view: 'rounds' | 'reconciliation' }) {
  const providers = useCasinoProviders();
  if (providers.isPending) return <LoadingBlock label="Loading providers…" />;
  if (providers.isError) {
    return (
      <Alert
        action={
          <Button size="small" onClick={() => void providers.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(providers.error)}
      </Alert>
    );
  }
  if (providers.data.length === 0) return <Alert kind="info">No casino providers yet: add one under Providers.</Alert>;
  return view === 'rounds' ? (
    <RoundsPanel providers={providers.data} />
  ) : (
    <ReconciliationPanel providers={providers.data} />
  );
}
