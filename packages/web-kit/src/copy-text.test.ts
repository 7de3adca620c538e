import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text';

describe('copyText', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('uses the async Clipboard API where the page has it', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    expect(await copyText('upi@bank')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('upi@bank');
  });

  it('falls back to a hidden textarea and the copy command, and leaves nothing behind', async () => {
    vi.stubGlobal('navigator', {});
    let selected = '';
    document.execCommand = vi.fn(() => {
      selected =
        (document.activeElement as HTMLTextAreaElement | null)?.value ??
        document.querySelector('textarea')?.value ??
        '';
      return true;
    });
    expect(await copyText('HDFC0001234')).toBe(true);
    expect(selected).toBe('HDFC0001234');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('answers false when neither way can copy', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    document.execCommand = vi.fn(() => {
      throw new Error('unsupported');
    });
    expect(await copyText('x')).toBe(false);
  });
});
