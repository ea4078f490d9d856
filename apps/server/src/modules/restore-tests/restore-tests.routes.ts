import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorSchema,
  EvidencePublicKeySchema,
  IdParamsSchema,
  RestoreTestAcceptedSchema,
  RestoreTestCreateSchema,
  RestoreTestEvidenceSchema,
  RestoreTestListQuerySchema,
  RestoreTestPageSchema,
  RestoreTestSchema,
  RestoreTestSummarySchema,
  type RestoreTestEvidence,
} from '@proxai/contract';
import { planGate } from '../licenses/licenses.service';
import { evidenceKeyFor, evidencePublicKeyAnswer } from './evidence-key';
import { evidenceFile } from './evidence-signing';
import {
  createRestoreTest,
  getRestoreTest,
  listRestoreTestsOf,
  restoreTestEvidence,
  restoreTestSummary,
} from './restore-tests.service';
import { requestContext } from '../../kernel/request-context';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/**
 * Restore tests (issue 19): queue one, list and read them, download a test's signed evidence, and the public key
 * that verifies it offline (`npm run evidence:verify`). Everything but the public key needs the `restore_tests`
 * plan feature (Pro and the trial).
 */
export const restoreTestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, log: app.log };
  const tags = ['restore-tests'];
  // Read (or created) at start, so a bad PROXAI_EVIDENCE_KEY stops the start with a clear message.
  const publicKey = evidencePublicKeyAnswer(evidenceKeyFor(app.config, app.log));
  const gate = planGate(app.db, 'restore_tests');

  app.get(
    '/evidence/public-key',
    {
      schema: {
        tags,
        summary: 'Public key that verifies restore-test evidence signatures (Ed25519)',
        response: { 200: EvidencePublicKeySchema },
      },
    },
    async () => publicKey,
  );

  app.post(
    '/restore-tests',
    {
      onRequest: [app.authenticate],
      preHandler: gate,
      schema: {
        tags,
        summary: 'Queue a restore test of a guest (exec probes need the admin role): 202 with the test and its task',
        body: RestoreTestCreateSchema,
        response: { 202: RestoreTestAcceptedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await createRestoreTest({ ...deps, jobs: app.jobs }, requestContext(request), request.body)),
  );

  app.get(
    '/restore-tests',
    {
      onRequest: [app.authenticate],
      preHandler: gate,
      schema: {
        tags,
        summary: "The organisation's restore tests, newest first (filters; pages through next_cursor)",
        querystring: RestoreTestListQuerySchema,
        response: { 200: RestoreTestPageSchema, ...errors },
      },
    },
    async (request) => listRestoreTestsOf(deps, requestContext(request), request.query),
  );

  app.get(
    '/restore-tests/summary',
    {
      onRequest: [app.authenticate],
      preHandler: gate,
      schema: {
        tags,
        summary: 'Per guest: last outcome, RTO trend, next scheduled test, critical',
        response: { 200: RestoreTestSummarySchema, ...errors },
      },
    },
    async (request) => restoreTestSummary(deps, requestContext(request)),
  );

  app.get(
    '/restore-tests/:id',
    {
      onRequest: [app.authenticate],
      preHandler: gate,
      schema: {
        tags,
        summary: 'A restore test: status, reason, timings, RTO, each probe with its output',
        params: IdParamsSchema,
        response: { 200: RestoreTestSchema, ...errors },
      },
    },
    async (request) => getRestoreTest(deps, requestContext(request), request.params.id),
  );

  app.get(
    '/restore-tests/:id/evidence',
    {
      onRequest: [app.authenticate],
      preHandler: gate,
      schema: {
        tags,
        summary: 'The signed evidence of an ended test, as a file (check it with npm run evidence:verify)',
        params: IdParamsSchema,
        response: { 200: RestoreTestEvidenceSchema, ...errors },
      },
    },
    async (request, reply) => {
      const evidence = await restoreTestEvidence(deps, requestContext(request), request.params.id);
      // The stored bytes exactly (canonical JSON): re-serialising would break the file's signature check.
      return (reply as FastifyReply)
        .header('content-disposition', `attachment; filename="restore-test-${request.params.id}.json"`)
        .type('application/json; charset=utf-8')
        .send(evidenceFile(evidence as RestoreTestEvidence));
    },
  );
};
