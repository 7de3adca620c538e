import type { PlayerAnnouncement } from '@khel/contract';
import { t } from '../../../lib/i18n/i18n';
import { useAnnouncements } from '../api/get-announcements';
import './announcement-ticker.css';

/** The lines as one strip; shown twice in the track so the scroll loops without a gap (the copy is hidden from readers). */
export function TickerStrip({ items }: { items: PlayerAnnouncement[] }) {
  if (items.length === 0) return null;
  const line = items.map((item) => item.message).join('   •   ');
  return (
    <aside className="ticker" aria-label={t('Announcements')} data-testid="announcement-ticker">
      <div className="ticker__track" style={{ animationDuration: `${Math.max(12, line.length / 6)}s` }}>
        <span className="ticker__line">{line}</span>
        <span className="ticker__line" aria-hidden="true">
          {line}
        </span>
      </div>
    </aside>
  );
}

/**
 * The announcements of the player's uplines and the operator (issue 28) as a ticker under the header.
 * A lazy chunk mounted by the shell for signed-in players, so it and its request come after the first
 * screen; nothing is drawn while there is nothing to say.
 */
export default function AnnouncementTicker() {
  const announcements = useAnnouncements();
  return <TickerStrip items={announcements.data ?? []} />;
}
