import { useSyncExternalStore } from 'react';
import { local } from '../storage';
import type { Catalogue } from './catalogue';

/**
 * The player app's two languages (ADR 0030). English source text is the message id, so English costs
 * the first load nothing beyond the text the screens already had; the Hindi catalogue is a lazy chunk
 * fetched only when Hindi is chosen. `{name}` placeholders are filled from `values`.
 */
export type Locale = 'en' | 'hi';
export type Values = Record<string, string | number>;
export type { Catalogue } from './catalogue';

export const LOCALE_KEY = 'lang';
let locale: Locale = 'en';
let hindi: Catalogue | undefined;
const listeners = new Set<() => void>();

const fill = (text: string, values?: Values) =>
  values ? text.replace(/\{(\w+)\}/g, (m, k: string) => String(values[k] ?? m)) : text;

/** The message in the chosen language; English (the id itself) when Hindi is off or lacks it. */
export function t(message: string, values?: Values): string {
  return fill((locale === 'hi' && hindi?.messages[message]) || message, values);
}

/** A server answer's wording: by its error code in Hindi, otherwise its message as a known text. */
export function serverText(meta: { message: string; error?: string | undefined }): string {
  if (locale !== 'hi' || !hindi) return meta.message;
  return (meta.error && hindi.errors[meta.error]) || hindi.messages[meta.message] || meta.message;
}

/** Marks a message id that is translated later, where it is shown (so the catalogue test finds it). */
export const msg = (message: string): string => message;

export const currentLocale = (): Locale => locale;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen language, re-rendering on a switch. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}

/** Components call this so a language switch re-renders them; it returns the translator. */
export function useT(): typeof t {
  useLocale();
  return t;
}

/** Chooses a language: loads Hindi on first use, remembers the choice, sets <html lang>. */
export async function setLocale(next: Locale, remember = true): Promise<void> {
  if (next === 'hi') hindi ??= (await import('./hi')).hi;
  locale = next;
  document.documentElement.lang = next;
  if (remember) local.set(LOCALE_KEY, next);
  for (const listener of listeners) listener();
}

/** The remembered choice, else the browser's first language we speak (spec: English by default). */
export function initialLocale(): Locale {
  const stored = local.get(LOCALE_KEY);
  if (stored === 'en' || stored === 'hi') return stored;
  for (const tag of navigator.languages ?? []) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'hi' || base === 'en') return base;
  }
  return 'en';
}
