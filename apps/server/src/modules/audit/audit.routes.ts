import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditArchiveRequestSchema, AuditPageSchema, AuditQuerySchema, ErrorSchema } from '@proxai/contract';
import { authorize, authorizePlatform } from '../../access/authorize';
import { evidenceKeyFor } from '../restore-tests/evidence-key';
import { tellArchived } from './archive-notice';
import { archiveChain, archiveDir } from './audit-archive';
import { chainOf } from './audit-chain';
import { exportChain } from './audit-export';
import { displayActorOf, listChain } from './audit.repository';
import { type AuthUser, creatorOf } from '../../kernel/principal';
import { currentUser } from '../../kernel/request-context';

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

/** The chain the caller may archive: their organisation's for its owners (organisation.security), or the platform's. */
function archivableChainFor(user: AuthUser): string {
  if (user.organisationId) authorize(user, 'organisation.security');
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
          actor: displayActorOf(r),
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
      const lines = exportChain(app.db, evidenceKeyFor(app.config, app.log), chain, range);
      const name = `proxai-audit-${new Date().toISOString().slice(0, 10)}.jsonl`;
      // Streamed page by page: a long trail is never held in memory whole. A stream is sent as it is (the 200
      // schema documents the text it makes), hence the cast for the type provider.
      return reply
        .type('application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines) as unknown as string);
    },
  );

  app.post(
    '/audit/archive',
    {
      onRequest: [app.authenticate],
      // Refused before the step-up the route policy asks for: no second factor is asked of who may not archive.
      preValidation: async (request) => {
        archivableChainFor(currentUser(request));
      },
      schema: {
        tags: ['audit'],
        summary:
          'Archive the records written before a date (owners; the platform’s chain for its administrators): answers the archive as JSON Lines (the records, their signed heads and a checkpoint signed now), kept in DATA_DIR/audit-archive too, then removes those records; the chain is still verified from the checkpoint. At most 10,000 records a call (X-Archive-More: 1 when older ones remain).',
        body: AuditArchiveRequestSchema,
        response: { 200: z.string(), 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const chain = archivableChainFor(user);
      const archive = await archiveChain(app.db, evidenceKeyFor(app.config, app.log), chain, new Date(request.body.before), {
        dir: archiveDir(app.config.dataDir),
        actor: creatorOf(user),
        ip: request.ip,
      });
      reply
        .type('application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-archived-records', String(archive?.records ?? 0))
        .header('x-archive-more', archive?.more ? '1' : '0');
      if (!archive) return reply.send('');
      await tellArchived(
        { db: app.db, mailer: app.mailer, log: request.log },
        { organisationId: user.organisationId, actor: user, records: archive.records, before: new Date(request.body.before) },
      );
      const name = `proxai-audit-archive-${archive.fromSeq}-${archive.toSeq}.jsonl`;
      return reply.header('content-disposition', `attachment; filename="${name}"`).send(archive.text);
    },
  );
};
