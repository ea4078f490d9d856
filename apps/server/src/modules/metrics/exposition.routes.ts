import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorSchema,
  MessageSchema,
  MetricsCollectionSchema,
  MetricsOverviewSchema,
  ScrapeTokenInfoSchema,
  ScrapeTokenSchema,
} from '@proxai/contract';
import { errorText, unauthenticated } from '../../errors';
import { authorize } from '../../access/authorize';
import { narrowSnapshot } from '../api-keys/scoped-lists';
import { recordAudit } from '../audit/audit.repository';
import { collectionStatus } from './collect/collection-status';
import { fleetSnapshot } from './collect/fleet-snapshot';
import { fleetOverview } from './collect/overview';
import { renderFleet } from './collect/prometheus';
import {
  organisationOfToken,
  revokeScrapeToken,
  rotateScrapeToken,
  SCRAPE_TOKEN_PREFIX,
  scrapeTokenInfo,
} from './collect/scrape-tokens';
import { creatorOf } from '../../kernel/principal';
import { currentUser, requestContext } from '../../kernel/request-context';

const errors = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/**
 * Prometheus exposition of the fleet, its scrape token, the fleet overview and how collection runs (ADR 012).
 * Every member reads them, on every plan; owners and admins create and revoke the scrape token.
 */
export const metricsExpositionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const tags = ['metrics'];

  /** The organisation a scrape is for: a scrape token (`Bearer pxs_…`), else a session (401 without either). */
  async function scrapeOrganisation(request: FastifyRequest, reply: FastifyReply): Promise<string> {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (bearer?.startsWith(SCRAPE_TOKEN_PREFIX)) {
      const org = await organisationOfToken(db, bearer);
      if (!org) throw unauthenticated(errorText('access.invalidScrapeToken'));
      return org;
    }
    await app.authenticate(request);
    const user = currentUser(request);
    // An API key scrapes with fleet.read in its scopes, and within its rate and host/tag scope.
    if (user.apiKey) {
      authorize(user, 'fleet.read');
      await app.apiKeyGate(request, reply, 'GET /api/metrics/prometheus');
    }
    return requestContext(request).organisationId;
  }

  app.get(
    '/metrics/prometheus',
    {
      schema: {
        tags,
        summary:
          "The organisation's fleet in Prometheus text format; authenticate with a session or `Authorization: Bearer <scrape token>`",
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const organisationId = await scrapeOrganisation(request, reply);
      const out = await renderFleet(await narrowSnapshot(db, request.user, await fleetSnapshot(db, organisationId)));
      return reply.type(out.contentType).header('cache-control', 'no-store').send(out.body);
    },
  );

  app.get(
    '/metrics/scrape-token',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Whether the organisation has a scrape token (never the token)',
        response: { 200: ScrapeTokenInfoSchema, ...errors },
      },
    },
    async (request) => scrapeTokenInfo(db, requestContext(request).organisationId),
  );

  app.post(
    '/metrics/scrape-token',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Create the scrape token, replacing (revoking) the previous one; the token is shown only in this answer',
        response: { 201: ScrapeTokenSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = requestContext(request);
      authorize(ctx.user, 'metrics.manage');
      const token = await rotateScrapeToken(db, ctx.organisationId, ctx.user.id);
      await recordAudit(db, {
        action: 'metrics.scrape_token.rotate',
        outcome: 'success',
        actor: creatorOf(ctx.user),
        organisationId: ctx.organisationId,
        target: token.prefix,
        ip: ctx.ip,
        details: {},
      });
      return reply.code(201).header('cache-control', 'no-store').send(token);
    },
  );

  app.delete(
    '/metrics/scrape-token',
    {
      onRequest: [app.authenticate],
      schema: { tags, summary: 'Revoke the scrape token', response: { 200: MessageSchema, ...errors } },
    },
    async (request) => {
      const ctx = requestContext(request);
      authorize(ctx.user, 'metrics.manage');
      await revokeScrapeToken(db, ctx.organisationId);
      await recordAudit(db, {
        action: 'metrics.scrape_token.revoke',
        outcome: 'success',
        actor: creatorOf(ctx.user),
        organisationId: ctx.organisationId,
        target: null,
        ip: ctx.ip,
        details: {},
      });
      return { message: 'Scrape token revoked' };
    },
  );

  app.get(
    '/metrics/overview',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Fleet overview: top guests by CPU and memory now, storages forecast to fill within 30 days',
        response: { 200: MetricsOverviewSchema, ...errors },
      },
    },
    async (request) => fleetOverview(db, requestContext(request).organisationId),
  );

  app.get(
    '/metrics/collection',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'How metrics are collected per host: guest-agent budget and its use, history backfill state',
        response: { 200: MetricsCollectionSchema, ...errors },
      },
    },
    async (request) => collectionStatus(db, config, requestContext(request).organisationId),
  );
};
