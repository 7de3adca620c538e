import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The repository's recorded partner data (fixtures/betfair, see its SOURCES.md). */
export const FIXTURES = join(import.meta.dirname, '../../../fixtures/betfair');

/** A fixture's text; `.gz` files are decompressed (the originals, byte for byte). */
export function readFixture(name: string): string {
  const bytes = readFileSync(join(FIXTURES, name));
  return (name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}
