import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ROLES,
  announcementEnvelope,
  announcementListEnvelope,
  announcementRequestSchema,
  emptyEnvelope,
  idParamsSchema,
  playerAnnouncementListEnvelope,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import type { AnnouncementsService } from './announcements-service.js';

const tags = ['backoffice'];
const POSTERS = [ROLES.DIRECTOR, ROLES.AGENT, ROLES.CREDIT_AGENT];

/** Announcements (issue 28, decision 0065): posted in the back office, read by players as a ticker. */
export function announcementsRoutes(announcements: AnnouncementsService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/announcements',
      {
        preValidation: guards.requireUser,
        schema: {
          tags: ['account'],
          summary: 'The announcements running now for the caller: the operator’s and its uplines’',
          response: { 200: playerAnnouncementListEnvelope },
        },
      },
      async (request) => ok({ items: await announcements.activeFor(callerOf(request)) }),
    );

    app.get(
      '/api/v1/backoffice/announcements',
      {
        preValidation: guards.requireRole(POSTERS),
        schema: {
          tags,
          summary: 'Announcements posted by the caller and its downline agents (the DIRECTOR: all)',
          response: { 200: announcementListEnvelope },
        },
      },
      async (request) => ok({ items: await announcements.list(callerOf(request)) }),
    );

    app.post(
      '/api/v1/backoffice/announcements',
      {
        preValidation: guards.requireRole(POSTERS),
        schema: {
          tags,
          summary: 'Post an announcement to the caller’s downline’s players (the DIRECTOR’s: every player; audited)',
          body: announcementRequestSchema,
          response: { 200: announcementEnvelope },
        },
      },
      async (request) =>
        ok(await announcements.create(callerOf(request), request.body, request.ip), 'Announcement posted'),
    );

    app.put(
      '/api/v1/backoffice/announcements/:id',
      {
        preValidation: guards.requireRole(POSTERS),
        schema: {
          tags,
          summary: 'Change an announcement posted by the caller or its downline (audited)',
          params: idParamsSchema,
          body: announcementRequestSchema,
          response: { 200: announcementEnvelope },
        },
      },
      async (request) =>
        ok(
          await announcements.update(callerOf(request), request.params.id, request.body, request.ip),
          'Announcement saved',
        ),
    );

    app.delete(
      '/api/v1/backoffice/announcements/:id',
      {
        preValidation: guards.requireRole(POSTERS),
        schema: {
          tags,
          summary: 'Delete an announcement posted by the caller or its downline (audited)',
          params: idParamsSchema,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        await announcements.remove(callerOf(request), request.params.id, request.ip);
        return ok(null, 'Announcement deleted');
      },
    );
  };
}
