import { EmptyState } from '../../components/ui/empty-state';

export default function LiveCasinoPage() {
  return (
    <div className="stack-lg">
      <h1 className="page-title">Live Casino</h1>
      <EmptyState title="No live casino tables available yet" testId="live-casino-empty">
        <p>Live dealer tables will appear here by category and provider once they are available.</p>
      </EmptyState>
    </div>
  );
}
