/**
 * A replay's feed lag (the `khel_feed_lag_seconds` metric, decision 0041): how far the updates it
 * applies trail the schedule it keeps — its recorded gaps, or a Cricsheet ball's time, divided by the
 * speed — were applying them instantaneous. Each wait moves the schedule on; each update applied
 * reports now minus the schedule. A replay that applies slower than its rhythm falls behind, and the
 * figure grows; one that keeps up reports the time its last update took.
 */
export function createReplayLag(onLag?: (seconds: number) => void, now: () => number = () => performance.now()) {
  let due = now();
  return {
    /** The replay waited `ms` on its schedule (a recorded gap, a ball in the air). */
    waited(ms: number): void {
      due += ms;
    },
    /** An update was applied just now. */
    applied(): void {
      onLag?.(Math.max(0, now() - due) / 1000);
    },
  };
}
