import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PHONE } from './harness.js';

export type Viewport = { width: number; height: number };

/** A fresh browser context (own storage) at a screen size; phones get touch and mobile emulation. */
export async function openPage(
  browser: Browser,
  viewport: Viewport,
  storageState?: StoredSession,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const phone = viewport.width === PHONE.width;
  const context = await browser.newContext({
    viewport,
    isMobile: phone,
    hasTouch: phone,
    deviceScaleFactor: 1,
    ...(storageState === undefined ? {} : { storageState }),
  });
  const page = await context.newPage();
  // Uncaught exceptions in the page fail the tests that check them.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** A page opened by openPage, as a file keeps it between tests. */
export type OpenedPage = Awaited<ReturnType<typeof openPage>>;

/**
 * A seat at the browser (keptPages): its page at a screen size, a visitor again. A test that holds two people at
 * once (an operator and a second approver, an agent and its player) takes each from a seat of its own.
 */
export type VisitorPage = (viewport: Viewport, session?: StoredSession) => Promise<OpenedPage>;

/**
 * A context per screen size for the whole file, its page made a visitor again before each later test: the app
 * left for a JSON answer of the origin (the service worker never serves the app there), its local and session
 * storage and cookies emptied, the network back on, the page errors seen so far forgotten; then, if given, a
 * stored session put in, as openPage's third argument would. The HTTP cache, the compiled scripts and the service
 * worker stay, as on the phone of a player who signed out: the login page then costs about a tenth of its load in
 * a new context (docs/testing.md). Where the first load, a fresh install or the context's clock is the subject,
 * the file opens its own context.
 */
export function keptPages(browser: () => Browser, baseUrl: () => string): VisitorPage {
  const kept = new Map<string, OpenedPage>();
  return async function visitorPage(viewport: Viewport, session?: StoredSession): Promise<OpenedPage> {
    const key = `${viewport.width}x${viewport.height}`;
    const opened = kept.get(key);
    if (opened === undefined) {
      const fresh = await openPage(browser(), viewport, session);
      kept.set(key, fresh);
      return fresh;
    }
    await opened.context.setOffline(false);
    await opened.page.goto(`${baseUrl()}/api/health`);
    const items = session?.origins.flatMap((origin) => origin.localStorage) ?? [];
    await opened.page.evaluate((stored) => {
      localStorage.clear();
      sessionStorage.clear();
      for (const { name, value } of stored) localStorage.setItem(name, value);
    }, items);
    await opened.context.clearCookies();
    opened.errors.length = 0;
    return opened;
  };
}

/** What a browser that signed in before keeps: the app's token and the profile the server answered, in localStorage. */
export interface StoredSession {
  cookies: [];
  origins: { origin: string; localStorage: { name: string; value: string }[] }[];
}
