import { describe, expect, it, vi } from 'vitest';
import { local, session } from './storage';

describe('safe storage', () => {
  it('reads, writes and removes in localStorage and sessionStorage', () => {
    local.set('k', 'v');
    session.set('k', 's');
    expect(local.get('k')).toBe('v');
    expect(session.get('k')).toBe('s');
    local.remove('k');
    session.clear();
    expect(local.get('k')).toBeNull();
    expect(session.get('k')).toBeNull();
  });

  it('forgets instead of throwing when the browser refuses storage', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => local.set('k', 'v')).not.toThrow();
    expect(local.get('k')).toBeNull();
  });
});
