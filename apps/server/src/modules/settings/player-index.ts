import { BANNER_SIZES, type AppSettings, type Banner } from '@khel/contract';
import type { SettingsService } from './settings-service.js';

/** The element the player app reads its first screen's data from (apps/web/src/lib/boot-data.ts). */
export const BOOT_DATA_ID = 'khel-boot';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The first banner's preload: its AVIF variants by width when it has them (ADR 0031), else the image. */
function bannerPreload(banner: Banner): string {
  const srcset = banner.image?.avifSrcset;
  if (srcset)
    return `<link rel="preload" as="image" type="image/avif" imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(BANNER_SIZES)}" fetchpriority="high" />`;
  return `<link rel="preload" as="image" href="${escapeHtml(banner.baseImage)}" fetchpriority="high" />`;
}

/**
 * The player app's index.html with the first screen's data inside (ADR 0024): branding and banners as a
 * JSON data block (not a script the CSP would have to allow), the site name as the title, and on Home a
 * preload of the first banner, so the largest image starts downloading with the scripts instead of after
 * them. Public data only: nothing about a player or money goes into a page every visitor gets.
 */
export function renderPlayerIndex(
  html: string,
  path: string,
  data: { settings: AppSettings; banners: Banner[] },
): string {
  const json = JSON.stringify({ settings: data.settings, banners: data.banners }).replace(/</g, '\\u003c');
  const firstBanner = [...data.banners].sort((a, b) => a.order - b.order)[0];
  const head = [
    `<script type="application/json" id="${BOOT_DATA_ID}">${json}</script>`,
    path === '/' && firstBanner ? bannerPreload(firstBanner) : '',
  ].join('');
  const titled =
    data.settings.siteName.trim() === ''
      ? html
      : html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(data.settings.siteName)}</title>`);
  return titled.replace('</head>', `${head}</head>`);
}

/** For the static-apps plugin: renders the player index from the current settings; on failure, the plain file. */
export function playerIndexRenderer(settings: SettingsService) {
  return async (html: string, path: string): Promise<string> => {
    try {
      const [appSettings, banners] = await Promise.all([settings.appSettings(), settings.banners()]);
      return renderPlayerIndex(html, path, { settings: appSettings, banners });
    } catch {
      return html;
    }
  };
}
