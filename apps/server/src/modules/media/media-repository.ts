import type { Queryable } from '../../db/database.js';

export interface MediaRow {
  content_type: string;
  bytes: Buffer | Uint8Array;
  sha256: string;
  private: boolean;
}

export function createMediaRepository(db: Queryable) {
  return {
    async insert(contentType: string, bytes: Buffer, sha256: string, isPrivate: boolean): Promise<string> {
      const result = await db.query<{ id: string }>(
        'insert into media (content_type, bytes, sha256, private) values ($1, $2, $3, $4) returning id',
        [contentType, bytes, sha256, isPrivate],
      );
      return (result.rows[0] as { id: string }).id;
    },
    async find(id: string): Promise<MediaRow | null> {
      const result = await db.query<MediaRow>('select content_type, bytes, sha256, private from media where id = $1', [
        id,
      ]);
      return result.rows[0] ?? null;
    },
  };
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
