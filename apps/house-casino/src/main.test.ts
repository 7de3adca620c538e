import { describe, expect, it } from 'vitest';

describe('house casino app', () => {
  it('has a mount point in its page', async () => {
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(new URL('../index.html', import.meta.url), 'utf8')).toContain('id="app"');
  });
});
