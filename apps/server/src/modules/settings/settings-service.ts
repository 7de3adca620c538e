import type { AppSettings, Banner, BrandingUpdateRequest, MediaVariantQuery } from '@khel/contract';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Caller } from '../identity/identity-service.js';
import type { MediaService } from '../media/media-service.js';
import { createImageVariants } from '../media/image-variants.js';
import type { Database } from '../../db/database.js';
import type { SettingsRepository, SiteSettingsRow } from './settings-repository.js';
import { createSettingsRepository } from './settings-repository.js';

export const DEFAULT_BRANDING = { siteName: 'Khel', color: '#f5a524' } as const;

const mediaUrl = (id: string | null, fallback: string) => (id === null ? fallback : `/api/v1/media/${id}`);

/**
 * How long a process keeps the branding row it read (app clock) when no change is announced: the
 * bound on a lost announcement (pub/sub is at most once) or a change made behind the service's back.
 */
export const SETTINGS_CACHE_MS = 30_000;

/** Branding, banners and the images they use. */
export function createSettingsService(deps: {
  db: Database;
  repository: SettingsRepository;
  media: MediaService;
  audit: AuditService;
  clock: Clock;
  moneyMode: 'play' | 'real';
  /** After this process changed the branding (its own copy already dropped): tell the other processes. */
  onChanged?: () => void;
}) {
  const { repository, media, audit, clock } = deps;
  const storeUploadedImage = (dataUrl: string) => media.storeUpload(dataUrl);
  const variants = createImageVariants();

  async function publicMedia(id: string) {
    const found = await media.find(id);
    if (found === null || found.private) fail('NOT_FOUND', 'Image not found');
    return found;
  }

  /** A banner as players get it: its image's size and modern-format srcsets (ADR 0031). */
  async function bannerOf(row: { id: string; media_id: string; sort_order: number }): Promise<Banner> {
    const baseImage = `/api/v1/media/${row.media_id}`;
    const found = await media.find(row.media_id);
    const image =
      found === null
        ? undefined
        : await variants
            .info({ id: row.media_id, contentType: found.content_type, bytes: found.bytes }, baseImage)
            .catch(() => undefined);
    return { _id: row.id, baseImage, order: row.sort_order, ...(image === undefined ? {} : { image }) };
  }

  async function storedSettings(): Promise<SiteSettingsRow> {
    return (
      (await repository.siteSettings()) ?? {
        site_name: DEFAULT_BRANDING.siteName,
        color: DEFAULT_BRANDING.color,
        logo_media_id: null,
        favicon_media_id: null,
        help_whatsapp: null,
        help_phone: null,
      }
    );
  }

  // The branding row, read once per process (decision 0029): app-settings, every player page and every
  // SMS answer from memory. Dropped here before a change's caller is answered and in every other process
  // when the change is announced; a read in flight when a drop happens is not kept (the generation).
  let cached: { row: SiteSettingsRow; readAtMs: number } | null = null;
  let reading: { generation: number; row: Promise<SiteSettingsRow> } | null = null;
  let generation = 0;
  async function currentSettings(): Promise<SiteSettingsRow> {
    const nowMs = clock.now().getTime();
    if (cached !== null && nowMs - cached.readAtMs < SETTINGS_CACHE_MS && nowMs >= cached.readAtMs) return cached.row;
    // Concurrent misses share one read.
    if (reading === null || reading.generation !== generation) {
      const read = { generation, row: storedSettings() };
      reading = read;
      void read.row.then(
        (row) => {
          if (read.generation === generation) cached = { row, readAtMs: nowMs };
          if (reading === read) reading = null;
        },
        () => {
          if (reading === read) reading = null;
        },
      );
    }
    return reading.row;
  }
  /** Drops this process's copy (and any read in flight): the next call reads the database. */
  function forgetCached(): void {
    generation += 1;
    cached = null;
    reading = null;
  }
  function changed(): void {
    forgetCached();
    deps.onChanged?.();
  }

  return {
    forgetCached,

    async appSettings(): Promise<AppSettings> {
      const row = await currentSettings();
      return {
        siteName: row.site_name,
        color: row.color,
        logoImg: mediaUrl(row.logo_media_id, '/logo.svg'),
        faviconImg: mediaUrl(row.favicon_media_id, '/favicon.svg'),
        moneyMode: deps.moneyMode,
        currency: 'INR',
        helpWhatsapp: row.help_whatsapp,
        helpPhone: row.help_phone,
      };
    },

    async siteName(): Promise<string> {
      return (await currentSettings()).site_name;
    },

    async banners(): Promise<Banner[]> {
      return Promise.all((await repository.banners()).map(bannerOf));
    },

    /** A public image; private ones (deposit screenshots) are served only by their owners' routes. */
    publicMedia,

    /**
     * A public image as asked: with a width or format, a resized AVIF/WebP copy of a raster image
     * (`variant`); the stored bytes otherwise and for vector images (`variant` null).
     */
    async publicMediaVariant(id: string, query: MediaVariantQuery) {
      const found = await publicMedia(id);
      if (query.w === undefined && query.format === undefined) return { found, variant: null };
      const variant = await variants.variant(
        { id, contentType: found.content_type, bytes: found.bytes },
        query.w,
        query.format ?? 'webp',
      );
      return { found, variant };
    },

    /** Trusted images made by our own code (demo data); uploads go through storeUploadedImage. */
    async storeTrustedImage(contentType: 'image/svg+xml' | 'image/png', bytes: Buffer): Promise<string> {
      return media.storeTrusted(contentType, bytes);
    },

    async seedBranding(row: {
      siteName: string;
      color: string;
      logoMediaId: string | null;
      faviconMediaId: string | null;
    }): Promise<void> {
      if ((await repository.siteSettings()) !== null) return;
      await repository.upsertSiteSettings(
        {
          site_name: row.siteName,
          color: row.color,
          logo_media_id: row.logoMediaId,
          favicon_media_id: row.faviconMediaId,
          help_whatsapp: null,
          help_phone: null,
        },
        clock.now(),
      );
      changed();
    },

    async seedBanner(mediaId: string, order: number): Promise<void> {
      await repository.insertBanner(mediaId, order);
    },

    async updateBranding(actor: Caller, request: BrandingUpdateRequest, ip: string): Promise<AppSettings> {
      // The stored row, not this process's copy: the audit records the change from what was there.
      const current = await storedSettings();
      const next = {
        site_name: request.siteName ?? current.site_name,
        color: request.color?.toLowerCase() ?? current.color,
        logo_media_id:
          request.logoImg === undefined ? current.logo_media_id : await storeUploadedImage(request.logoImg),
        favicon_media_id:
          request.faviconImg === undefined ? current.favicon_media_id : await storeUploadedImage(request.faviconImg),
        help_whatsapp: request.helpWhatsapp === undefined ? current.help_whatsapp : request.helpWhatsapp,
        help_phone: request.helpPhone === undefined ? current.help_phone : request.helpPhone,
      };
      await repository.upsertSiteSettings(next, clock.now());
      changed();
      const differences = Object.fromEntries(
        (Object.keys(next) as (keyof typeof next)[])
          .filter((key) => next[key] !== current[key])
          .map((key) => [key, { from: current[key], to: next[key] }]),
      );
      await audit.record({
        actorId: actor.userId,
        action: 'branding.update',
        targetType: 'site_settings',
        targetId: null,
        details: differences,
        ip,
      });
      return this.appSettings();
    },

    async createBanner(actor: Caller, baseImage: string, order: number, ip: string): Promise<Banner> {
      const mediaId = await storeUploadedImage(baseImage);
      const row = await repository.insertBanner(mediaId, order);
      await audit.record({
        actorId: actor.userId,
        action: 'banner.create',
        targetType: 'banner',
        targetId: row.id,
        details: { order },
        ip,
      });
      return bannerOf(row);
    },

    async updateBanner(actor: Caller, id: string, order: number, ip: string): Promise<Banner> {
      const row = (await repository.updateBannerOrder(id, order)) ?? fail('NOT_FOUND', 'Banner not found');
      await audit.record({
        actorId: actor.userId,
        action: 'banner.update',
        targetType: 'banner',
        targetId: id,
        details: { order },
        ip,
      });
      return bannerOf(row);
    },

    async reorderBanners(actor: Caller, ids: string[], ip: string): Promise<Banner[]> {
      const done = await deps.db.transaction((tx) => createSettingsRepository(tx).reorderBanners(ids));
      if (!done) fail('CONFLICT', 'The banner list has changed, reload and try again');
      await audit.record({
        actorId: actor.userId,
        action: 'banner.reorder',
        targetType: 'banner',
        targetId: null,
        details: { ids },
        ip,
      });
      return this.banners();
    },

    async deleteBanner(actor: Caller, id: string, ip: string): Promise<void> {
      if (!(await repository.deleteBanner(id))) fail('NOT_FOUND', 'Banner not found');
      await audit.record({
        actorId: actor.userId,
        action: 'banner.delete',
        targetType: 'banner',
        targetId: id,
        details: {},
        ip,
      });
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
