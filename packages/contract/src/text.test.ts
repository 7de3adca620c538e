import { describe, expect, it } from 'vitest';
import { findControlCharacter, hasControlCharacters, singleLineText } from './text.js';

describe('control characters in client text', () => {
  it('refuses NUL, the C0 and C1 controls and DEL in single-line text, and allows ordinary text of any script', () => {
    for (const bad of [
      '\u0000',
      'a\u0000b',
      '\u0007',
      'a\nb',
      'a\tb',
      'a\rb',
      '\u001b[31m',
      '\u007f',
      '\u0085',
      '\u009f',
    ]) {
      expect(hasControlCharacters(bad), JSON.stringify(bad)).toBe(true);
    }
    for (const good of ['', 'Ravi Kumar', 'रवि कुमार', '𝕂𝕙𝕖𝕝 🏏', "O'Brien <b>", '\u00a0non-breaking']) {
      expect(hasControlCharacters(good), JSON.stringify(good)).toBe(false);
    }
    expect(singleLineText().safeParse('a\u0000').success).toBe(false);
    expect(singleLineText().safeParse('fine').success).toBe(true);
  });

  it('refuses a lone UTF-16 surrogate, which PostgreSQL cannot store (the fuzz test found a 500), and allows pairs', () => {
    for (const bad of ['\ud800', 'a\ud800b', '\udc00', 'x\udfff', '\ud83c\ud83c']) {
      expect(hasControlCharacters(bad), JSON.stringify(bad)).toBe(true);
      expect(hasControlCharacters(bad, true), JSON.stringify(bad)).toBe(true);
    }
    for (const good of ['🏏', '𝕂', 'a\ud83c\udfcfb']) expect(hasControlCharacters(good), good).toBe(false);
    expect(findControlCharacter({ name: 'Cricket\ud800' })).toBe('name');
  });

  it('finds the first offending field, key or array item, and lets multi-line fields hold line breaks and tabs only', () => {
    expect(findControlCharacter({ name: 'ok', nested: { list: ['a', 'b\u0000'] } })).toBe('nested.list.1');
    expect(findControlCharacter({ ['key\u0000']: 1 })).toBe('key?');
    expect(findControlCharacter({ reason: 'line one\nline two\ttabbed\r\n' })).toBeNull();
    expect(findControlCharacter({ suspendReason: 'two\nlines', notes: ['a\nb'] })).toBeNull();
    expect(findControlCharacter({ reason: 'no\u0000nul' })).toBe('reason');
    expect(findControlCharacter({ name: 'two\nlines' })).toBe('name');
    expect(findControlCharacter('\u0000', ['query', 'search'])).toBe('query.search');
    expect(findControlCharacter(42)).toBeNull();
    let deep: unknown = 'x';
    for (let level = 0; level < 100; level += 1) deep = { a: deep };
    expect(findControlCharacter(deep)).not.toBeNull();
  });
});
