import type { Queryable } from '../../db/database.js';

export interface SiteSettingsRow {
  site_name: string;
  color: string;
  logo_media_id: string | null;
  favicon_media_id: string | null;
  help_whatsapp: string | null;
  help_phone: string | null;
}

export interface BannerRow {
  id: string;
  media_id: string;
  sort_order: number;
}

export function createSettingsRepository(db: Queryable) {
  return {
    /** Renumbers banners 1..n in the given order; answers false (and changes nothing) if the ids are not exactly the banners. */
    async reorderBanners(ids: string[]): Promise<boolean> {
      const current = await db.query<{ id: string }>('select id from banners');
      const known = new Set(current.rows.map((row) => row.id));
      if (known.size !== ids.length || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id)))
        return false;
      for (const [index, id] of ids.entries())
        await db.query('update banners set sort_order = $2 where id = $1', [id, index + 1]);
      return true;
    },
    async siteSettings(): Promise<SiteSettingsRow | null> {
      const result = await db.query<SiteSettingsRow>(
        'select site_name, color, logo_media_id, favicon_media_id, help_whatsapp, help_phone from site_settings where id = 1',
      );
      return result.rows[0] ?? null;
    },
    async upsertSiteSettings(row: SiteSettingsRow, at: Date): Promise<void> {
      await db.query(
        `insert into site_settings (id, site_name, color, logo_media_id, favicon_media_id, help_whatsapp, help_phone, updated_at)
         values (1, $1, $2, $3, $4, $5, $6, $7)
         on conflict (id) do update set site_name = excluded.site_name, color = excluded.color,
           logo_media_id = excluded.logo_media_id, favicon_media_id = excluded.favicon_media_id,
           help_whatsapp = excluded.help_whatsapp, help_phone = excluded.help_phone, updated_at = excluded.updated_at`,
        [row.site_name, row.color, row.logo_media_id, row.favicon_media_id, row.help_whatsapp, row.help_phone, at],
      );
    },
    async banners(): Promise<BannerRow[]> {
      const result = await db.query<BannerRow>(
        'select id, media_id, sort_order from banners order by sort_order, created_at, id',
      );
      return result.rows;
    },
    async insertBanner(mediaId: string, order: number): Promise<BannerRow> {
      const result = await db.query<BannerRow>(
        'insert into banners (media_id, sort_order) values ($1, $2) returning id, media_id, sort_order',
        [mediaId, order],
      );
      return result.rows[0] as BannerRow;
    },
    async updateBannerOrder(id: string, order: number): Promise<BannerRow | null> {
      const result = await db.query<BannerRow>(
        'update banners set sort_order = $2 where id = $1 returning id, media_id, sort_order',
        [id, order],
      );
      return result.rows[0] ?? null;
    },
    async deleteBanner(id: string): Promise<boolean> {
      const result = await db.query('delete from banners where id = $1', [id]);
      return result.rowCount === 1;
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
