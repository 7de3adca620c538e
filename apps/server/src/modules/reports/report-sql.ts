import { subtreeIdsSql } from '../../db/subtree-sql.js';

/**
 * Whose accounts a report covers: the whole site (`rootId` null: DIRECTOR, SUPPORT_ADMIN) or the
 * accounts below an agent (its subtree without the agent itself). `withRoot` takes the root in too: an
 * account's own drill-down (a player's exposure is its own).
 */
export interface ReportScope {
  rootId: string | null;
  withRoot?: boolean;
}
export const SITE_SCOPE: ReportScope = { rootId: null };

/** Positional parameters for a query built from optional filters. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** ` and <column> in (the scope's accounts)`, or nothing for the whole site. */
export function scopeClause(column: string, scope: ReportScope, params: SqlParams): string {
  if (scope.rootId === null) return '';
  const root = params.add(scope.rootId);
  const index = Number(root.slice(1));
  const own = scope.withRoot === true ? '' : ` where s.id <> ${root}`;
  return ` and ${column} in (select s.id from (${subtreeIdsSql(index)}) s${own})`;
}

/**
 * The India calendar day of a timestamptz column as YYYY-MM-DD. India has kept UTC+05:30 without
 * daylight saving since 1945, so a fixed offset is exact and needs no time-zone data (PGlite has none).
 */
export function indiaDaySql(column: string): string {
  return `to_char(((${column} at time zone 'UTC') + interval '330 minutes')::date, 'YYYY-MM-DD')`;
}
