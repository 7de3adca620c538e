import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ROLES,
  appSettingsEnvelope,
  bannerCreateRequestSchema,
  bannerListEnvelope,
  bannerReorderRequestSchema,
  bannerSchema,
  bannerUpdateRequestSchema,
  brandingUpdateRequestSchema,
  emptyEnvelope,
  envelope,
  idParamsSchema,
  mediaVariantQuerySchema,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import { compiledResponse } from '../../plugins/compiled-serializer.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import type { SettingsService } from './settings-service.js';

/** Public branding and banners, the images behind them, and the operators' editors. */
export function settingsRoutes(settings: SettingsService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/app-settings',
      {
        schema: {
          tags: ['settings'],
          summary: 'Site branding and money mode (public)',
          response: { 200: compiledResponse(appSettingsEnvelope) },
        },
      },
      async (_request, reply) => {
        // Revalidated on every load so an operator's change reaches players at once.
        void reply.header('Cache-Control', 'no-cache');
        return ok(await settings.appSettings());
      },
    );

    app.get(
      '/api/v1/advertisement',
      {
        schema: {
          tags: ['settings'],
          summary: 'Home banners sorted by order (public)',
          response: { 200: bannerListEnvelope },
        },
      },
      async (_request, reply) => {
        void reply.header('Cache-Control', 'no-cache');
        return ok(await settings.banners());
      },
    );

    app.get(
      '/api/v1/media/:id',
      {
        schema: {
          tags: ['settings'],
          summary:
            'An image (immutable: a new upload gets a new id); ?w= and ?format= give a resized AVIF or WebP copy of a raster image',
          params: idParamsSchema,
          querystring: mediaVariantQuerySchema,
        },
      },
      async (request, reply) => {
        const { found, variant } = await settings.publicMediaVariant(request.params.id, request.query);
        const key =
          variant === null
            ? found.sha256
            : `${found.sha256}-${request.query.w ?? 'full'}-${request.query.format ?? 'webp'}`;
        // Served as an inert image even if a browser is pointed at it directly.
        return reply
          .header('Content-Type', variant?.contentType ?? found.content_type)
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('ETag', `"${key}"`)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(variant?.bytes ?? Buffer.from(found.bytes));
      },
    );

    const director = guards.requireRole([ROLES.DIRECTOR]);
    const tags = ['backoffice'];

    app.put(
      '/api/v1/backoffice/branding',
      {
        preValidation: director,
        schema: {
          tags,
          summary: 'Change site name, brand colour, logo or favicon (audited)',
          body: brandingUpdateRequestSchema,
          response: { 200: appSettingsEnvelope },
        },
      },
      async (request) =>
        ok(await settings.updateBranding(callerOf(request), request.body, request.ip), 'Branding updated'),
    );

    app.get(
      '/api/v1/backoffice/banners',
      {
        preValidation: guards.requireOperator,
        schema: { tags, summary: 'Banners', response: { 200: bannerListEnvelope } },
      },
      async () => ok(await settings.banners()),
    );

    app.post(
      '/api/v1/backoffice/banners',
      {
        preValidation: director,
        schema: {
          tags,
          summary: 'Add a banner (audited)',
          body: bannerCreateRequestSchema,
          response: { 200: envelope(bannerSchema) },
        },
      },
      async (request) =>
        ok(
          await settings.createBanner(callerOf(request), request.body.baseImage, request.body.order, request.ip),
          'Banner added',
        ),
    );

    app.put(
      '/api/v1/backoffice/banners/order',
      {
        preValidation: director,
        schema: {
          tags,
          summary: 'Set the whole banner order at once (one transaction, audited)',
          body: bannerReorderRequestSchema,
          response: { 200: bannerListEnvelope },
        },
      },
      async (request) =>
        ok(await settings.reorderBanners(callerOf(request), request.body.ids, request.ip), 'Banners reordered'),
    );

    app.put(
      '/api/v1/backoffice/banners/:id',
      {
        preValidation: director,
        schema: {
          tags,
          summary: 'Reorder a banner (audited)',
          params: idParamsSchema,
          body: bannerUpdateRequestSchema,
          response: { 200: envelope(bannerSchema) },
        },
      },
      async (request) =>
        ok(
          await settings.updateBanner(callerOf(request), request.params.id, request.body.order, request.ip),
          'Banner updated',
        ),
    );

    app.delete(
      '/api/v1/backoffice/banners/:id',
      {
        preValidation: director,
        schema: {
          tags,
          summary: 'Remove a banner (audited)',
          params: idParamsSchema,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        await settings.deleteBanner(callerOf(request), request.params.id, request.ip);
        return ok(null, 'Banner removed');
      },
    );
  };
}
