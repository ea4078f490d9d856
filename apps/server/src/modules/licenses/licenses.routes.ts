import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminOrganisationListSchema,
  ErrorSchema,
  GenerateLicenceRequestSchema,
  LicenceIdParamsSchema,
  LicenceListSchema,
  LicencePublicKeySchema,
  LicenceSchema,
  OrganisationIdParamsSchema,
  RevokeLicenceRequestSchema,
} from '@proxai/contract';
import { loadLicenceSigningKey, publicKeyAnswer } from './licence-signing';
import { generateLicence, listLicences, listOrganisationsForAdmin, revokeLicence } from './licenses.service';
import { currentUser, requirePlatformAdmin } from '../../kernel/request-context';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

export const licensesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Created (or read) when the server starts, so a bad PROXAI_LICENSE_KEY stops the start with a clear message.
  const signingKey = loadLicenceSigningKey({ envKey: app.config.PROXAI_LICENSE_KEY, dataDir: app.config.dataDir, log: app.log });
  const publicKey = publicKeyAnswer(signingKey.publicKey);

  app.get(
    '/licenses/public-key',
    {
      schema: {
        tags: ['licences'],
        summary: 'Public key that verifies licence signatures (Ed25519)',
        response: { 200: LicencePublicKeySchema },
      },
    },
    async () => publicKey,
  );

  // Administrators only, checked before the body is validated: anyone else gets 403 whatever they send.
  const adminOnly = async (request: FastifyRequest) => requirePlatformAdmin(currentUser(request));

  app.get(
    '/admin/licenses/:organisation_id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['licences'],
        summary: "An organisation's licences, newest first (its members, or an administrator)",
        params: OrganisationIdParamsSchema,
        response: { 200: LicenceListSchema, ...errors },
      },
    },
    async (request) => listLicences(app.db, signingKey.privateKey, currentUser(request), request.params.organisation_id),
  );

  app.post(
    '/admin/licenses/generate',
    {
      onRequest: [app.authenticate, adminOnly],
      schema: {
        tags: ['licences'],
        summary: 'Issue a signed licence for an organisation (administrators only)',
        body: GenerateLicenceRequestSchema,
        response: { 201: LicenceSchema, ...errors },
      },
    },
    async (request, reply) => {
      const licence = await generateLicence(
        app.db,
        signingKey.privateKey,
        { user: currentUser(request), ip: request.ip },
        request.body,
      );
      return reply.code(201).send(licence);
    },
  );

  app.post(
    '/admin/licenses/:id/revoke',
    {
      onRequest: [app.authenticate, adminOnly],
      schema: {
        tags: ['licences'],
        summary: 'Revoke a licence with a reason (administrators only)',
        params: LicenceIdParamsSchema,
        body: RevokeLicenceRequestSchema,
        response: { 200: LicenceSchema, ...errors, 409: ErrorSchema },
      },
    },
    async (request) =>
      revokeLicence(
        app.db,
        signingKey.privateKey,
        { user: currentUser(request), ip: request.ip },
        request.params.id,
        request.body.reason,
      ),
  );

  app.get(
    '/admin/organisations',
    {
      onRequest: [app.authenticate, adminOnly],
      schema: {
        tags: ['licences'],
        summary: 'Organisations with their member count, for the licence page picker (administrators only)',
        response: { 200: AdminOrganisationListSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request) => listOrganisationsForAdmin(app.db, currentUser(request)),
  );
};
