import { useLiveStatus } from '../../../lib/live/use-live';

/** A small "Live" / "Reconnecting" badge for the socket's state. */
export function LiveIndicator() {
  const status = useLiveStatus();
  const live = status === 'live';
  const label = live ? 'Live' : status === 'idle' ? 'Offline' : status === 'connecting' ? 'Connecting' : 'Reconnecting';
  return (
    <span
      className={`live-indicator live-indicator--${live ? 'live' : 'waiting'}`}
      role="status"
      data-testid="live-indicator"
      title={live ? 'Prices update live' : 'Prices may be out of date while we reconnect'}
    >
      <span className="live-indicator__dot" aria-hidden="true" />
      {label}
    </span>
  );
}
