import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AGENT_ROLES,
  agentLandingEnvelope,
  backofficeSearchEnvelope,
  backofficeSearchQuerySchema,
  betListQuerySchema,
  casinoPnlQuerySchema,
  exposureReportEnvelope,
  riskFancyBookEnvelope,
  riskFancyBookQuerySchema,
  idParamsSchema,
  pageQuerySchema,
  partyPnlEnvelope,
  paymentsReportEnvelope,
  playerBetHistoryQuerySchema,
  playersReportEnvelope,
  pnlReportEnvelope,
  reportBetPageEnvelope,
  reportRangeQuerySchema,
  signInPageEnvelope,
  sportsPnlQuerySchema,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import type { BetListService } from './bet-list-service.js';
import type { FancyBookService } from './fancy-book-service.js';
import { scopeOf } from './report-scope.js';
import type { ReportsService } from './reports-service.js';

const tags = ['backoffice'];

/** The daily reports and the risk view (decision 0021): read-only, each over the caller's scope. */
export function reportsRoutes(
  reports: ReportsService,
  bets: BetListService,
  fancyBooks: FancyBookService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireBackoffice;
    app.get(
      '/api/v1/backoffice/landing',
      {
        preValidation: guards.requireRole(AGENT_ROLES),
        schema: {
          tags,
          summary:
            "An agent's landing figures: its own free chips or credit, its downline's exposure, and its downline's play today and this week from the journal (the book's side)",
          response: { 200: agentLandingEnvelope },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        return ok(await reports.agentLanding(caller.userId, caller.role));
      },
    );
    app.get(
      '/api/v1/backoffice/search',
      {
        preValidation,
        schema: {
          tags,
          summary:
            "One search box inside the caller's scope: a user by username or mobile, a bet by id, a deposit by UTR",
          querystring: backofficeSearchQuerySchema,
          response: { 200: backofficeSearchEnvelope },
        },
      },
      async (request) => ok(await reports.search(scopeOf(callerOf(request)), request.query.q)),
    );
    app.get(
      '/api/v1/backoffice/reports/party-pnl',
      {
        preValidation,
        schema: {
          tags,
          summary:
            "Party win/loss over India dates: each account at the top of the caller's tree (an agent's own downline) with its subtree's sports (by market type) and casino result, from the journal",
          querystring: reportRangeQuerySchema,
          response: { 200: partyPnlEnvelope },
        },
      },
      async (request) => ok(await reports.partyPnl(scopeOf(callerOf(request)).rootId, request.query)),
    );
    app.get(
      '/api/v1/backoffice/users/:id/party-pnl',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Party win/loss one level down: each account directly below this one, with its subtree',
          params: idParamsSchema,
          querystring: reportRangeQuerySchema,
          response: { 200: partyPnlEnvelope },
        },
      },
      async (request) => ok(await reports.partyPnl(request.params.id, request.query)),
    );
    app.get(
      '/api/v1/backoffice/reports/sports-pnl',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Sports P&L (house view) of settled bets by sport, event, market or India day',
          querystring: sportsPnlQuerySchema,
          response: { 200: pnlReportEnvelope },
        },
      },
      async (request) => ok(await reports.sportsPnl(scopeOf(callerOf(request)), request.query)),
    );
    app.get(
      '/api/v1/backoffice/reports/casino-pnl',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Casino P&L (house view) of finished rounds by game, provider or India day',
          querystring: casinoPnlQuerySchema,
          response: { 200: pnlReportEnvelope },
        },
      },
      async (request) => ok(await reports.casinoPnl(scopeOf(callerOf(request)), request.query)),
    );
    app.get(
      '/api/v1/backoffice/reports/payments',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Deposit and withdrawal totals (approved, pending, rejected) by India day',
          querystring: reportRangeQuerySchema,
          response: { 200: paymentsReportEnvelope },
        },
      },
      async (request) => ok(await reports.payments(scopeOf(callerOf(request)), request.query)),
    );
    app.get(
      '/api/v1/backoffice/reports/players',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Active players (bet or played) and new players by India day',
          querystring: reportRangeQuerySchema,
          response: { 200: playersReportEnvelope },
        },
      },
      async (request) => ok(await reports.players(scopeOf(callerOf(request)), request.query)),
    );
    app.get(
      '/api/v1/backoffice/reports/exposure',
      {
        preValidation,
        schema: {
          tags,
          summary:
            "The scope's live exposure on every open market: liability, each runner's result, the worst outcome (the risk view)",
          response: { 200: exposureReportEnvelope },
        },
      },
      async (request) => ok(await reports.exposure(scopeOf(callerOf(request)))),
    );
    app.get(
      '/api/v1/backoffice/users/:id/exposure',
      {
        preValidation,
        schema: {
          tags,
          summary:
            "The exposure report over one account and its subtree: the markets holding its exposure (the client list's drill-down)",
          params: idParamsSchema,
          response: { 200: exposureReportEnvelope },
        },
      },
      async (request) => ok(await reports.exposure({ rootId: request.params.id, withRoot: true })),
    );
    app.get(
      '/api/v1/backoffice/reports/fancy-book',
      {
        preValidation,
        schema: {
          tags,
          summary:
            "A fancy line's book: on each band of run totals, the scope's result if the line settles there, whole and at the caller's partnership share (the risk view)",
          querystring: riskFancyBookQuerySchema,
          response: { 200: riskFancyBookEnvelope },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const scope = scopeOf(caller);
        return ok(await fancyBooks.fancyBook(scope, scope.rootId, request.query.marketId));
      },
    );
    app.get(
      '/api/v1/backoffice/reports/bets',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Bet list for the risk manager: player, market, stake range, India dates, status; paged',
          querystring: betListQuerySchema,
          response: { 200: reportBetPageEnvelope },
        },
      },
      async (request) => ok(await bets.bets(scopeOf(callerOf(request)), request.query)),
    );
    app.get(
      '/api/v1/backoffice/users/:id/open-bets',
      {
        preValidation,
        schema: {
          tags,
          summary: "A player's open bets (waiting, unmatched, matched), newest first",
          params: idParamsSchema,
          querystring: pageQuerySchema,
          response: { 200: reportBetPageEnvelope },
        },
      },
      async (request) => ok(await bets.openBets(scopeOf(callerOf(request)), request.params.id, request.query)),
    );
    app.get(
      '/api/v1/backoffice/users/:id/bet-history',
      {
        preValidation,
        schema: {
          tags,
          summary: "A player's finished bets placed in the India date range, newest first",
          params: idParamsSchema,
          querystring: playerBetHistoryQuerySchema,
          response: { 200: reportBetPageEnvelope },
        },
      },
      async (request) => ok(await bets.betHistory(scopeOf(callerOf(request)), request.params.id, request.query)),
    );
    app.get(
      '/api/v1/backoffice/users/:id/sign-ins',
      {
        preValidation,
        schema: {
          tags,
          summary: "An account's sign-ins: time, IP address, device (user agent), when each ended",
          params: idParamsSchema,
          querystring: pageQuerySchema,
          response: { 200: signInPageEnvelope },
        },
      },
      async (request) => ok(await bets.signIns(scopeOf(callerOf(request)), request.params.id, request.query)),
    );
  };
}
