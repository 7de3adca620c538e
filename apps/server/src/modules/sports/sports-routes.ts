import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  betEnvelope,
  betListEnvelope,
  betsByMarketQuerySchema,
  cancelBetSchema,
  editBetSchema,
  eventEnvelope,
  eventListEnvelope,
  eventListQuerySchema,
  eventQuerySchema,
  marketRulesEnvelope,
  marketRulesParamsSchema,
  myBetsQuerySchema,
  placeBetSchema,
  sportListEnvelope,
} from '@khel/contract';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { compiledResponse } from '../../plugins/compiled-serializer.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import { idempotencyKeyOf } from '../idempotency/idempotency-service.js';
import type { MarketRouter } from './market-commands.js';
import type { SportsService } from './sports-service.js';

const tags = ['sports'];

/** The sports calls of PRODUCT.md §3. Lists and events are public; betting needs a player. */

/** The bet path's answers, serialised by fast-json-stringify compiled from the contract (decision 0029). */
const placedBetEnvelope = compiledResponse(betEnvelope);

/** Told of every place-bet answer (metrics, decision 0041). */
export interface PlacedBetListener {
  placed(marketType: string, status: string, matchedRupees: number): void;
  refused(reason: string): void;
}

export function sportsRoutes(
  sports: SportsService,
  markets: MarketRouter,
  guards: AuthGuards,
  bets?: PlacedBetListener,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/sports',
      { schema: { tags, summary: 'Sports with their leagues and live counts', response: { 200: sportListEnvelope } } },
      async () => ok(await sports.sports()),
    );

    app.get(
      '/api/v1/events',
      {
        schema: {
          tags,
          summary: 'In-play and upcoming events (Home), with the match-odds prices',
          querystring: eventListQuerySchema,
          response: { 200: eventListEnvelope },
        },
      },
      async (request) =>
        ok(
          await sports.events({
            sport: request.query.sport,
            league: request.query.league,
            inPlay: request.query.inPlay === undefined ? undefined : request.query.inPlay === 'true',
          }),
        ),
    );

    app.get(
      '/api/v1/markets/:marketId/rules',
      {
        schema: {
          tags,
          summary: "A market's rules: how it settles, in the player's words",
          params: marketRulesParamsSchema,
          response: { 200: marketRulesEnvelope },
        },
      },
      async (request) => ok(await sports.marketRules(request.params.marketId)),
    );

    app.get(
      '/api/v1/event',
      {
        schema: {
          tags,
          summary: 'One event with all its markets, score and stream',
          querystring: eventQuerySchema,
          response: { 200: eventEnvelope },
        },
      },
      async (request) => ok(await sports.event(request.query.sport, request.query.league, request.query.event)),
    );

    app.post(
      '/api/v1/place-bet',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary:
            'Place a bet: exchange (back/lay at ladder odds), bookmaker (at the live rate) or fancy (YES = back, NO = lay at the live line)',
          description:
            'Send an Idempotency-Key header: a retry places one bet. An in-play bet with a delay answers status pending; its outcome arrives on /ws.',
          body: placeBetSchema,
          response: { 200: placedBetEnvelope },
        },
      },
      async (request) => {
        // Run where the market's lease is held: here, or forwarded to its owner (decision 0034).
        const answer = await markets
          .run('bet.place', { caller: callerOf(request), body: request.body, key: idempotencyKeyOf(request.headers) })
          .catch((error: unknown) => {
            if (error instanceof AppError) bets?.refused(error.code);
            throw error;
          });
        bets?.placed(answer.data.marketType, answer.data.status, answer.data.matchedStake);
        return ok(answer.data, answer.message);
      },
    );

    app.post(
      '/api/v1/edit-bet',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: "Edit an unmatched exchange bet's odds or lower its stake (decision 0067)",
          description:
            'stake is the new unmatched stake, lower only: the bet keeps its place in the queue. New odds move the unmatched part to a new bet at the back of that price (answered). Send an Idempotency-Key header: a retry edits once.',
          body: editBetSchema,
          response: { 200: placedBetEnvelope },
        },
      },
      async (request) => {
        const answer = await markets.run('bet.edit', {
          caller: callerOf(request),
          body: request.body,
          key: idempotencyKeyOf(request.headers),
        });
        return ok(answer.data, answer.message);
      },
    );

    app.post(
      '/api/v1/cancel-bet',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: 'Cancel the unmatched part of an exchange bet',
          body: cancelBetSchema,
          response: { 200: placedBetEnvelope },
        },
      },
      async (request) => {
        const answer = await markets.run('bet.cancel', { caller: callerOf(request), betId: request.body.betId });
        return ok(answer.data, answer.message);
      },
    );

    app.get(
      '/api/v1/my-bets',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: "The player's open (pending, unmatched, matched) or settled bets",
          querystring: myBetsQuerySchema,
          response: { 200: betListEnvelope },
        },
      },
      async (request) => ok(await sports.myBets(callerOf(request), request.query)),
    );

    app.get(
      '/api/v1/bet-sport-byMarket',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: "The player's bets on one market",
          querystring: betsByMarketQuerySchema,
          response: { 200: betListEnvelope },
        },
      },
      async (request) => ok(await sports.betsOnMarket(callerOf(request), request.query.marketId)),
    );
  };
}
