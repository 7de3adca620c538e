import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The repository's recorded partner data (fixtures/, each folder with its SOURCES.md). */
export const FIXTURES_DIR = join(import.meta.dirname, '../../../../../fixtures');

/** A recorded file's text; a `.gz` file is read decompressed. */
export function readRecordedText(file: string): string {
  const bytes = readFileSync(file);
  return (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}
