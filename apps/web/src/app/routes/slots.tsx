import { EmptyState } from '../../components/ui/empty-state';

export default function SlotsPage() {
  return (
    <div className="stack-lg">
      <h1 className="page-title">Slots</h1>
      <EmptyState title="No slot games available yet" testId="slots-empty">
        <p>Slot games will appear here by category and provider once they are available.</p>
      </EmptyState>
    </div>
  );
}
