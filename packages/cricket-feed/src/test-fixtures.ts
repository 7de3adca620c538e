import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCricsheet } from './cricsheet.js';
import type { CricsheetMatch } from './cricsheet.js';
import type { MatchRecord } from './match-record.js';

/** Real IPL matches from Cricsheet (fixtures/cricsheet, see its SOURCES.md). */
export function cricsheetFixture(id: string): MatchRecord {
  const path = join(import.meta.dirname, '../../../fixtures/cricsheet', `${id}.json`);
  return parseCricsheet(JSON.parse(readFileSync(path, 'utf8')) as CricsheetMatch);
}
