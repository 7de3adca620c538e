import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/test-app.js';
import { createTestDatabase } from '../../../test/test-app.js';
import { createTreeRepository } from './tree-repository.js';

let t: TestDatabase;
const ids: Record<string, string> = {};

async function addUser(name: string, role: number, upline: string | null): Promise<void> {
  const result = await t.db.query<{ id: string }>(
    `insert into users (name, username, mobile_no, password_hash, role, age_confirmed_at, referral_code, upline_id)
     values ($1, $1, $2, 'x', $3, now(), $1, $4) returning id`,
    [name, `91${String(9_000_000_000 + Object.keys(ids).length)}`, role, upline ? ids[upline] : null],
  );
  ids[name] = result.rows[0]!.id;
}

beforeAll(async () => {
  t = await createTestDatabase();
  await addUser('director', 1, null);
  await addUser('agentA', 3, 'director');
  await addUser('subA', 3, 'agentA');
  await addUser('playerA', 4, 'subA');
  await addUser('agentB', 5, 'director');
  await addUser('playerB', 6, 'agentB');
});
afterAll(async () => t.drop());

describe('agent tree', () => {
  it('finds accounts inside a subtree and nothing outside it', async () => {
    const tree = createTreeRepository(t.db);
    expect(await tree.isInSubtree(ids.agentA!, ids.playerA!)).toBe(true);
    expect(await tree.isInSubtree(ids.agentA!, ids.agentA!)).toBe(true);
    expect(await tree.isInSubtree(ids.agentA!, ids.playerB!)).toBe(false);
    expect(await tree.isInSubtree(ids.subA!, ids.agentA!)).toBe(false);
    expect(await tree.isInSubtree(ids.director!, ids.playerB!)).toBe(true);
  });

  it('lists the uplines nearest first', async () => {
    const chain = await createTreeRepository(t.db).uplineChain(ids.playerA!);
    expect(chain.map((row) => row.id)).toEqual([ids.subA, ids.agentA, ids.director]);
  });

  it('refuses an account being its own upline', async () => {
    await expect(t.db.query('update users set upline_id = id where id = $1', [ids.agentA])).rejects.toThrow();
  });
});
