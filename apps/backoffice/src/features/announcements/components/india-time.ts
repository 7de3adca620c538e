const IST_OFFSET_MS = 330 * 60_000;

/** An instant as a `datetime-local` value in India time (operators work in IST whatever the browser says). */
export function toIndiaLocal(iso: string): string {
  return new Date(new Date(iso).getTime() + IST_OFFSET_MS).toISOString().slice(0, 16);
}

/** A `datetime-local` value read as India time, as the ISO instant the server takes. */
export function fromIndiaLocal(value: string): string {
  return `${value}:00+05:30`;
}
