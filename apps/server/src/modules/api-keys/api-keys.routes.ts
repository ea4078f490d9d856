import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiKeyCreatedSchema, ApiKeyCreateSchema, ApiKeyListSchema, ErrorSchema, IdParamsSchema } from '@proxai/contract';
import { z } from 'zod';
import { planGate } from '../licenses/licenses.service';
import { createKey, listKeys, revokeKey } from './api-keys.service';
import { requestContext } from '../../kernel/request-context';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/** The organisation's API keys (scoped, expiring; the Essential plan and above). */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['api-keys'];
  const gate = planGate(app.db, 'scoped_api_keys');

  app.get(
    '/api-keys',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: "The organisation's API keys, newest first (revoked and expired ones included, marked)",
        response: { 200: ApiKeyListSchema, ...errors },
      },
    },
    async (request) => listKeys(app.db, requestContext(request)),
  );

  app.post(
    '/api-keys',
    {
      onRequest: [app.authenticate],
      preHandler: [gate],
      schema: {
        tags,
        summary:
          'Create an API key (step-up): scopes within your own permissions, optional hosts or tags, expiry within a year; the secret is answered once',
        body: ApiKeyCreateSchema,
        response: { 201: ApiKeyCreatedSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createKey(app.db, requestContext(request), request.body)),
  );

  app.delete(
    '/api-keys/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Revoke an API key (your own, or any for those who manage members)',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeKey(app.db, requestContext(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
