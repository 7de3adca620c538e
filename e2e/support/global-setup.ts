import { ensurePostgresTemplate, pgliteTemplateFile } from '../../apps/server/test/template-database.js';
import { ADMIN_URL } from './scratch-database.js';

/**
 * Builds the template databases once, before the browser test files start in parallel: the PGlite data
 * folder every product starts from, and the PostgreSQL template the multi-process tests clone.
 */
export default async function setup(): Promise<void> {
  await pgliteTemplateFile();
  await ensurePostgresTemplate(ADMIN_URL);
}
