import type { AppSettings, Banner } from '@khel/contract';

/** What the server put into index.html for the first screen (ADR 0024); empty when served as a plain file. */
export interface BootData {
  settings?: AppSettings;
  banners?: Banner[];
}

let cached: BootData | undefined;

/**
 * Reads the JSON data block once. A page served by the service worker's cached shell has none, and the
 * app then asks the API as before; so does a block that does not parse.
 */
export function bootData(): BootData {
  if (cached !== undefined) return cached;
  cached = {};
  const element = typeof document === 'undefined' ? null : document.getElementById('khel-boot');
  if (element?.textContent) {
    try {
      const parsed: unknown = JSON.parse(element.textContent);
      if (typeof parsed === 'object' && parsed !== null) cached = parsed as BootData;
    } catch {
      // A damaged block: fetch instead.
    }
  }
  return cached;
}
