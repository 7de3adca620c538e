import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DESKTOP, PHONE, ROOT, launchBrowser, startProduct, type RunningProduct } from '../support/harness.js';
import { openPage } from '../support/pages.js';

/**
 * Installable and resilient (ADR 0024): Chromium's own install criteria (manifest and service worker,
 * asked through the DevTools protocol), the offline screen from the cached shell, and the prompt when
 * a new version is deployed. The product serves a copy of the built app so a "deploy" can change it.
 */
describe('installable player app', () => {
  let product: RunningProduct;
  let browser: Browser;
  const webDir = mkdtempSync(join(tmpdir(), 'khel-e2e-web-'));
  beforeAll(async () => {
    cpSync(join(ROOT, 'apps/web/dist'), webDir, { recursive: true });
    [product, browser] = await Promise.all([startProduct({ env: { WEB_DIST_DIR: webDir } }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    rmSync(webDir, { recursive: true, force: true });
  });

  /** Waits until the service worker is active and controls the page (the first load is not controlled). */
  async function controlledPage(page: Page, path: string): Promise<void> {
    await page.goto(`${product.baseUrl}${path}`);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  }

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('%s: meets Chromium install criteria with the branding in the manifest', async (_label, viewport) => {
    // A profile on disk: Chromium never offers to install from an incognito context (Playwright's default).
    const profileDir = mkdtempSync(join(tmpdir(), 'khel-e2e-profile-'));
    const phone = viewport.width === PHONE.width;
    const context = await chromium.launchPersistentContext(profileDir, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
      viewport,
      isMobile: phone,
      hasTouch: phone,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await controlledPage(page, '/login');
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
    const { url, data } = (await cdp.send('Page.getAppManifest')) as { url: string; data: string };
    expect(url).toBe(`${product.baseUrl}/manifest.webmanifest`);
    const manifest = JSON.parse(data) as {
      name: string;
      theme_color: string;
      display: string;
      icons: { sizes: string; purpose: string }[];
    };
    const settings = (await (await fetch(`${product.baseUrl}/api/v1/app-settings`)).json()) as {
      data: { siteName: string; color: string };
    };
    expect(manifest).toMatchObject({
      name: settings.data.siteName,
      theme_color: settings.data.color,
      display: 'standalone',
    });
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    // The service worker caches the shell and static assets, never an API answer.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((path) => path.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((path) => path.startsWith('/api/'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
    rmSync(profileDir, { recursive: true, force: true });
  });

  it('shows the offline screen on an offline reload, and the page again when back online', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await controlledPage(page, '/login');
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    await context.setOffline(false);
    await page.getByTestId('login-form').waitFor();
    await context.close();
  });

  it('offers the new version after a deploy and reloads into it', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await controlledPage(page, '/login');
    // A deploy: the service worker script changes (precompressed copies would still be the old one).
    const sw = join(webDir, 'sw.js');
    writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// release ${Date.now()}\n`);
    rmSync(`${sw}.br`, { force: true });
    rmSync(`${sw}.gz`, { force: true });
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByTestId('update-prompt');
    await prompt.getByText('A new version is available.').waitFor();
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await page.getByTestId('login-form').waitFor();
    expect(await page.getByTestId('update-prompt').count()).toBe(0);
    await context.close();
  });
});
