// Prints the plain closing line CI reads ("N passed, N failed") from Vitest's JSON report.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(new URL('../.test-report.json', import.meta.url), 'utf8'));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(
  `tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`,
);
process.exit(report.numFailedTests > 0 || report.numTotalTests === 0 ? 1 : 0);
