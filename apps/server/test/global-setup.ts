import type { TestProject } from 'vitest/node';
import { ensurePostgresTemplate, pgliteTemplate, POSTGRES_ADMIN_URL } from './template-database.js';

/**
 * Builds the project's template database once, before any test file starts, so that after a change
 * to the migrations the first files do not each build it inside their hooks' timeouts.
 */
export default async function setup(project: TestProject): Promise<void> {
  if (project.config.env?.TEST_DB === 'postgres') await ensurePostgresTemplate(POSTGRES_ADMIN_URL);
  else await pgliteTemplate();
}
