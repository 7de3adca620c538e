import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  betListEnvelope,
  bookmakerRatesSchema,
  emptyEnvelope,
  envelope,
  eventCreateSchema,
  blockableEventListEnvelope,
  eventListEnvelope,
  eventListQuerySchema,
  eventUpdateSchema,
  fancyLineUpdateSchema,
  idParamsSchema,
  leagueCreateSchema,
  marketBookEnvelope,
  marketCreateSchema,
  marketEnvelope,
  marketUpdateSchema,
  myBetsQuerySchema,
  sportCreateSchema,
} from '@khel/contract';
import { toHundredths } from '@khel/money';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import type { MarketRouter } from './market-commands.js';
import type { SportsService } from './sports-service.js';

const tags = ['backoffice'];
const created = envelope(z.object({ _id: z.string() }));

/**
 * Operators run the sports book: catalogue, market states, rates and lines, results (all audited).
 * A change to a market is checked here (role, second factor), then run where the market is written:
 * here, or at its owner (decision 0034), which answers the market as it left it.
 */
export function sportsAdminRoutes(
  sports: SportsService,
  markets: MarketRouter,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    const operator = guards.requireOperator;

    // An agent reads its downline's bets: the subtree guard confines :id (decision 0018).
    app.get(
      '/api/v1/backoffice/users/:id/bets',
      {
        preValidation: guards.requireBackoffice,
        schema: {
          tags,
          summary: "A player's open or settled bets",
          params: idParamsSchema,
          querystring: myBetsQuerySchema,
          response: { 200: betListEnvelope },
        },
      },
      async (request) => ok(await sports.betsOfPlayer(request.params.id, request.query.status)),
    );

    app.get(
      '/api/v1/backoffice/events',
      {
        preValidation: operator,
        schema: {
          tags,
          summary: 'Every event, finished and cancelled included',
          querystring: eventListQuerySchema,
          response: { 200: eventListEnvelope },
        },
      },
      async (request) =>
        ok(await sports.events({ sport: request.query.sport, league: request.query.league, includeAll: true })),
    );
    app.get(
      '/api/v1/backoffice/blockable-events',
      {
        preValidation: guards.requireBackoffice,
        schema: {
          tags,
          summary:
            'The upcoming and in-play events players can see: what an agent may block for its downline (agents too)',
          response: { 200: blockableEventListEnvelope },
        },
      },
      async () =>
        ok(
          (await sports.events({})).map((event) => ({
            _id: event._id,
            name: event.name,
            sport: { _id: event.sport._id, name: event.sport.name },
            league: { _id: event.league._id, name: event.league.name },
            startTime: event.startTime,
            inPlay: event.inPlay,
          })),
        ),
    );
    app.post(
      '/api/v1/backoffice/sports',
      {
        preValidation: operator,
        schema: { tags, summary: 'Add a sport', body: sportCreateSchema, response: { 200: created } },
      },
      async (request) =>
        ok({ _id: await sports.createSport(callerOf(request), request.body.name, request.ip) }, 'Sport saved'),
    );
    app.post(
      '/api/v1/backoffice/leagues',
      {
        preValidation: operator,
        schema: { tags, summary: 'Add a league', body: leagueCreateSchema, response: { 200: created } },
      },
      async (request) =>
        ok(
          { _id: await sports.createLeague(callerOf(request), request.body.sportId, request.body.name, request.ip) },
          'League saved',
        ),
    );
    app.post(
      '/api/v1/backoffice/events',
      {
        preValidation: operator,
        schema: { tags, summary: 'Add an event', body: eventCreateSchema, response: { 200: created } },
      },
      async (request) =>
        ok(
          {
            _id: await sports.createEvent(
              callerOf(request),
              {
                leagueId: request.body.leagueId,
                name: request.body.name,
                startTime: new Date(request.body.startTime),
                streamUrl: request.body.streamUrl ?? null,
              },
              request.ip,
            ),
          },
          'Event saved',
        ),
    );
    app.put(
      '/api/v1/backoffice/events/:id',
      {
        preValidation: operator,
        schema: {
          tags,
          summary: 'Change an event: status, stream, start time',
          params: idParamsSchema,
          body: eventUpdateSchema,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        await sports.updateEvent(
          callerOf(request),
          request.params.id,
          {
            status: request.body.status,
            streamUrl: request.body.streamUrl,
            startTime: request.body.startTime === undefined ? undefined : new Date(request.body.startTime),
          },
          request.ip,
        );
        return ok(null, 'Event updated');
      },
    );
    app.post(
      '/api/v1/backoffice/markets',
      {
        preValidation: operator,
        schema: {
          tags,
          summary: 'Add a market (exchange and bookmaker need two or more runners)',
          body: marketCreateSchema,
          response: { 200: created },
        },
      },
      async (request) =>
        ok({ _id: await sports.createMarket(callerOf(request), request.body, request.ip) }, 'Market saved'),
    );
    app.put(
      '/api/v1/backoffice/markets/:id',
      {
        preValidation: operator,
        schema: {
          tags,
          summary: 'Suspend, resume, close, turn in play; bet delay and limits',
          params: idParamsSchema,
          body: marketUpdateSchema,
          response: { 200: marketEnvelope },
        },
      },
      async (request) => {
        const answer = await markets.run('market.update', {
          caller: callerOf(request),
          marketId: request.params.id,
          input: request.body,
          ip: request.ip,
        });
        return ok(answer.data, answer.message);
      },
    );
    app.put(
      '/api/v1/backoffice/markets/:id/bookmaker-rates',
      {
        preValidation: operator,
        schema: {
          tags,
          summary: 'Set bookmaker back/lay rates per runner (Indian style)',
          params: idParamsSchema,
          body: bookmakerRatesSchema,
          response: { 200: marketEnvelope },
        },
      },
      async (request) => {
        const runners = request.body.runners.map((runner) => ({
          runnerId: runner.runnerId,
          backRateHundredths: runner.backRate === null ? null : toHundredths(runner.backRate),
          layRateHundredths: runner.layRate === null ? null : toHundredths(runner.layRate),
        }));
        const answer = await markets.run('market.rates', {
          caller: callerOf(request),
          marketId: request.params.id,
          runners,
          ip: request.ip,
        });
        return ok(answer.data, answer.message);
      },
    );
    app.put(
      '/api/v1/backoffice/markets/:id/fancy-line',
      {
        preValidation: operator,
        schema: {
          tags,
          summary: 'Set the fancy NO and YES lines and rates',
          params: idParamsSchema,
          body: fancyLineUpdateSchema,
          response: { 200: marketEnvelope },
        },
      },
      async (request) => {
        const body = request.body;
        const line = {
          noLineRuns: body.noLine,
          noRateHundredths: toHundredths(body.noRate),
          yesLineRuns: body.yesLine,
          yesRateHundredths: toHundredths(body.yesRate),
        };
        const answer = await markets.run('market.fancy-line', {
          caller: callerOf(request),
          marketId: request.params.id,
          line,
          ip: request.ip,
        });
        return ok(answer.data, answer.message);
      },
    );
    app.get(
      '/api/v1/backoffice/markets/:id/book',
      {
        preValidation: operator,
        schema: {
          tags,
          summary: "A market's bets and the house's result per outcome",
          params: idParamsSchema,
          response: { 200: marketBookEnvelope },
        },
      },
      async (request) => ok(await sports.marketBook(request.params.id)),
    );
  };
}
