import { flushLiveUpdates } from '../features/sports/hooks/live-markets';
import type { SocketLike } from '../lib/live/live-client';

/**
 * Stands in for the browser's WebSocket in unit tests (installed by test-setup): records every socket
 * the app opens; a test opens it, pushes server messages and drops it.
 */
export class FakeWebSocket implements SocketLike {
  static instances: FakeWebSocket[] = [];
  static readonly OPEN = 1;
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  static latest(): FakeWebSocket | undefined {
    return FakeWebSocket.instances.at(-1);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  /** Delivers a message and lets the screens render it at once (the app batches them per frame). */
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
    flushLiveUpdates();
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}
