// Renders the player app's install icons (PNG 192/512, maskable 512, Apple touch 180) from the SVG
// mark with Chromium, so the icons follow the favicon. Usage: node scripts/make-icons.mjs
import { mkdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const publicDir = new URL('../apps/web/public/', import.meta.url);
const mark = readFileSync(new URL('favicon.svg', publicDir), 'utf8');
// Maskable: full-bleed background, the mark inside the 80 % safe zone.
const maskable = mark
  .replace('rx="7" ', '')
  .replace(/(<path[^>]*\/>)/, '<g transform="translate(6.4 6.4) scale(0.6)">$1</g>');

const icons = [
  { file: 'icon-192.png', size: 192, svg: mark },
  { file: 'icon-512.png', size: 512, svg: mark },
  { file: 'maskable-512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon-180.png', size: 180, svg: maskable },
];

mkdirSync(new URL('icons/', publicDir), { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const svg = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<style>html,body{margin:0;background:transparent}</style>${svg}`);
    await page.screenshot({ path: new URL(`icons/${icon.file}`, publicDir).pathname, omitBackground: true });
    console.log(`icons/${icon.file}`);
  }
} finally {
  await browser.close();
}
