import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bonusGrantEnvelope,
  bonusReportEnvelope,
  bonusReportQuerySchema,
  bonusGrantListEnvelope,
  bonusGrantQuerySchema,
  bonusOfferCreateSchema,
  bonusOfferEnvelope,
  bonusOfferListEnvelope,
  bonusOfferPauseSchema,
  bonusOfferUpdateSchema,
  idParamsSchema,
  manualBonusGrantSchema,
  playerBonusDetailListEnvelope,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import type { BonusAdminService } from './bonus-admin-service.js';
import type { BonusReportService } from './bonus-report-service.js';

const tags = ['backoffice'];

/** Offers, manual grants and a player's bonuses, for operators (audited in the service). */
export function bonusAdminRoutes(
  admin: BonusAdminService,
  report: BonusReportService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = guards.requireOperator;
    app.get(
      '/api/v1/backoffice/bonus-offers',
      {
        preValidation: guard,
        schema: { tags, summary: 'Every bonus offer, newest first', response: { 200: bonusOfferListEnvelope } },
      },
      async () => ok(await admin.listOffers()),
    );
    app.post(
      '/api/v1/backoffice/bonus-offers',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'Create an offer (welcome, deposit or manual) with every parameter of PRODUCT.md §8',
          body: bonusOfferCreateSchema,
          response: { 200: bonusOfferEnvelope },
        },
      },
      async (request) => ok(await admin.createOffer(callerOf(request), request.body, request.ip), 'Offer created'),
    );
    app.put(
      '/api/v1/backoffice/bonus-offers/:id',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'Edit an offer (bonuses already given keep their terms)',
          params: idParamsSchema,
          body: bonusOfferUpdateSchema,
          response: { 200: bonusOfferEnvelope },
        },
      },
      async (request) =>
        ok(await admin.updateOffer(callerOf(request), request.params.id, request.body, request.ip), 'Offer saved'),
    );
    app.put(
      '/api/v1/backoffice/bonus-offers/:id/pause',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'Pause or resume an offer',
          params: idParamsSchema,
          body: bonusOfferPauseSchema,
          response: { 200: bonusOfferEnvelope },
        },
      },
      async (request) =>
        ok(
          await admin.pauseOffer(callerOf(request), request.params.id, request.body.paused, request.ip),
          request.body.paused ? 'Offer paused' : 'Offer resumed',
        ),
    );
    app.get(
      '/api/v1/backoffice/users/:id/bonuses',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: "A player's bonuses with their wagering history",
          params: idParamsSchema,
          response: { 200: playerBonusDetailListEnvelope },
        },
      },
      async (request) => ok(await admin.playerBonuses(request.params.id)),
    );
    app.post(
      '/api/v1/backoffice/users/:id/bonuses',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'Grant a manual bonus with a reason (a second operator above the configured amount)',
          params: idParamsSchema,
          body: manualBonusGrantSchema,
          response: { 200: bonusGrantEnvelope },
        },
      },
      async (request) => {
        const { grant, message } = await admin.grantManual(
          callerOf(request),
          request.params.id,
          request.body,
          request.ip,
        );
        return ok(grant, message);
      },
    );
    app.get(
      '/api/v1/backoffice/bonus-report',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'Bonus cost and completion and referral payouts per India week, newest first',
          querystring: bonusReportQuerySchema,
          response: { 200: bonusReportEnvelope },
        },
      },
      async (request) => ok(await report.weekly(request.query.weeks)),
    );
    app.get(
      '/api/v1/backoffice/bonus-grants',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'Manual grants by status (pending ones wait for a second operator)',
          querystring: bonusGrantQuerySchema,
          response: { 200: bonusGrantListEnvelope },
        },
      },
      async (request) => ok(await admin.listGrants(request.query.status)),
    );
    app.post(
      '/api/v1/backoffice/bonus-grants/:id/approve',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'Second approval of a large manual grant',
          params: idParamsSchema,
          response: { 200: bonusGrantEnvelope },
        },
      },
      async (request) =>
        ok(await admin.approveGrant(callerOf(request), request.params.id, request.ip), 'Bonus offered to the player'),
    );
    app.post(
      '/api/v1/backoffice/bonus-grants/:id/reject',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'Reject a pending manual grant',
          params: idParamsSchema,
          response: { 200: bonusGrantEnvelope },
        },
      },
      async (request) =>
        ok(await admin.rejectGrant(callerOf(request), request.params.id, request.ip), 'Grant rejected'),
    );
  };
}
