import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The repository's recorded partner data (fixtures/, each folder with its SOURCES.md), found upwards from here (source or bundle). */
function findFixtures(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'fixtures/betfair/SOURCES.md'))) return join(dir, 'fixtures');
    if (dirname(dir) === dir) return join(from, 'fixtures');
  }
}
export const FIXTURES_DIR = findFixtures(import.meta.dirname);

/** A recorded file's text; a `.gz` file is read decompressed. */
export function readRecordedText(file: string): string {
  const bytes = readFileSync(file);
  return (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}
