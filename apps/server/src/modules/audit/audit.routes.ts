import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditPageSchema, AuditQuerySchema, ErrorSchema } from '@proxai/contract';
import { currentUser } from '../../plugins/app/auth';
import { authorize, authorizePlatform } from '../access/authorize';
import { evidenceKeyFor } from '../restore-tests/evidence-key';
import { chainOf } from './audit-chain';
import { exportChain } from './audit-export';
import { listChain } from './audit.repository';
import type { AuthUser } from '../sessions/sessions.service';

const ExportQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

/** The caller's chain: their organisation's (audit.read), or the platform's for its administrators. */
function chainFor(user: AuthUser): string {
  if (user.organisationId) authorize(user, 'audit.read');
  else authorizePlatform(user, 'audit.read');
  return chainOf(user.organisationId);
}

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['audit'],
        summary: 'The audit trail, newest first, filtered by actor, action, target and time',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const rows = await listChain(app.db, chainFor(currentUser(request)), {
        ...q,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
      });
      const page = rows.slice(0, q.limit);
      return {
        records: page.map((r) => ({
          seq: r.seq,
          at: r.at.toISOString(),
          actor: { id: r.actorId, email: r.actorEmail },
          action: r.action,
          target: r.target,
          outcome: r.outcome,
          ip: r.ip,
          details: r.details ?? null,
          hash: r.hash,
        })),
        next_before: rows.length > q.limit ? (page.at(-1)?.seq ?? null) : null,
      };
    },
  );

  app.get(
    '/audit/export',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['audit'],
        summary:
          'The audit trail as JSON Lines (your organisation’s chain; the platform’s for its administrators), with its signed heads and one signed now: check it offline with npm run audit:verify',
        querystring: ExportQuerySchema,
        response: { 200: z.string(), 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const chain = chainFor(user);
      const range = {
        from: request.query.from ? new Date(request.query.from) : undefined,
        to: request.query.to ? new Date(request.query.to) : undefined,
      };
      const body = await exportChain(app.db, evidenceKeyFor(app.config, app.log), chain, range);
      const name = `proxai-audit-${new Date().toISOString().slice(0, 10)}.jsonl`;
      return reply
        .type('application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
