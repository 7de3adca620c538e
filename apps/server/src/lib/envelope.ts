import type { Meta } from '@khel/contract';

/** The success envelope: `{ meta: { code: 200, message }, data }`. */
export function ok<T>(data: T, message = 'Success', extra: Partial<Meta> = {}): { meta: Meta; data: T } {
  return { meta: { code: 200, message, ...extra }, data };
}
