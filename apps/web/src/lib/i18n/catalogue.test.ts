import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BONUS_MESSAGES, ERROR_CODES, MESSAGES } from '@khel/contract';
import { hi } from './hi';

/**
 * English is the source text: the message ids are the literals the app passes to t() and msg(), plus
 * the shared message catalogues it translates where they are shown. Hindi must have exactly those.
 */
const SRC = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const CALL = /\b(?:t|msg)\(\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`)/g;
const unquote = (literal: string) => literal.slice(1, -1).replace(/\\(.)/g, '$1');

function englishIds(): { ids: Set<string>; templates: string[] } {
  const ids = new Set<string>([...Object.values(MESSAGES), ...Object.values(BONUS_MESSAGES)]);
  const templates: string[] = [];
  for (const file of sourceFiles(SRC)) {
    for (const match of readFileSync(file, 'utf8').matchAll(CALL)) {
      if (match[1] === '`') templates.push(relative(SRC, file));
      else ids.add(unquote(match[1]!));
    }
  }
  return { ids, templates };
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the Hindi catalogue', () => {
  const { ids, templates } = englishIds();

  it('finds the English messages in the source', () => {
    expect(ids.size).toBeGreaterThan(300);
    // A template literal cannot be looked up: messages take {placeholders} instead.
    expect(templates).toEqual([]);
  });

  it('has every English message, and none that the app no longer uses', () => {
    const hindi = new Set(Object.keys(hi.messages));
    expect([...ids].filter((id) => !hindi.has(id)).sort(), 'in English, missing in Hindi').toEqual([]);
    expect([...hindi].filter((id) => !ids.has(id)).sort(), 'in Hindi, not in English').toEqual([]);
  });

  it('words every error code of the server catalogue', () => {
    expect(Object.keys(hi.errors).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('keeps the placeholders, writes Devanagari and Western digits', () => {
    for (const [english, hindi] of [...Object.entries(hi.messages), ...Object.entries(hi.errors)]) {
      expect(placeholders(hindi), english).toEqual(placeholders(english));
      expect(hindi, english).toMatch(/[\u0900-\u097F]/);
      expect(hindi, english).not.toMatch(/[०-९]/);
    }
  });
});
