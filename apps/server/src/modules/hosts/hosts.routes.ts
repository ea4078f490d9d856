import { narrowHosts } from '../api-keys/scoped-lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorSchema,
  HostCertificateSchema,
  HostCreateSchema,
  HostListSchema,
  HostPrivilegesSchema,
  HostSchema,
  HostUpdateSchema,
  IdParamsSchema,
  MessageSchema,
} from '@proxai/contract';
import { acceptedLanguage, message } from '../../i18n/messages';
import { rateLimit } from '../auth/rate-limits';
import { closeAllClients } from '../pve/client-pool';
import { editHost, hostCertificate, hostPrivileges } from './host-edit';
import { addHost, listHostsOf, removeHost, syncOneHost } from './hosts.service';
import { currentUser } from '../../kernel/request-context';
import { requestContext } from '../../kernel/request-context';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };
const hostErrors = { ...errors, 502: ErrorSchema, 504: ErrorSchema };
const addHostErrors = { ...errors, 422: ErrorSchema, 429: ErrorSchema };
/** Connection attempts a person can make an organisation's portal open (adding and syncing hosts), per minute. */
export const CONNECT_ATTEMPTS_PER_MINUTE = 10;

export const hostsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, log: app.log };
  const tags = ['hosts'];
  // Shared by adding and manual syncs: probing addresses is bounded per organisation, whoever asks.
  const connectLimit = rateLimit(app, 'host-connect-org', {
    max: CONNECT_ATTEMPTS_PER_MINUTE,
    windowMs: 60_000,
    key: (request) => currentUser(request).organisationId ?? undefined,
    detail: (request, seconds) =>
      message(acceptedLanguage(request.headers['accept-language']), 'host.connectLimited', { seconds }),
  });

  app.get(
    '/hosts',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: "The organisation's hosts: PVE nodes and Proxmox Backup Servers",
        response: { 200: HostListSchema, ...errors },
      },
    },
    async (request) => narrowHosts(app.db, request.user, await listHostsOf(deps, requestContext(request))),
  );

  app.post(
    '/hosts',
    {
      onRequest: [app.authenticate],
      preHandler: [connectLimit],
      schema: {
        tags,
        summary: 'Connect a PVE node or a Proxmox Backup Server (password or API token); pins its TLS certificate',
        body: HostCreateSchema,
        response: { 201: HostSchema, ...addHostErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await addHost(deps, requestContext(request), request.body)),
  );

  app.patch(
    '/hosts/:id',
    {
      onRequest: [app.authenticate],
      preHandler: [connectLimit],
      schema: {
        tags,
        summary: 'Rename a host, rotate its credentials or re-pin its renewed certificate (checked on the host first)',
        params: IdParamsSchema,
        body: HostUpdateSchema,
        response: { 200: HostSchema, ...addHostErrors },
      },
    },
    async (request) => editHost(deps, requestContext(request), request.params.id, request.body),
  );

  app.get(
    '/hosts/:id/certificate',
    {
      onRequest: [app.authenticate],
      preHandler: [connectLimit],
      schema: {
        tags,
        summary: 'The certificate the host presents now against its pin (to re-pin a renewed one)',
        params: IdParamsSchema,
        response: { 200: HostCertificateSchema, ...hostErrors, 429: ErrorSchema },
      },
    },
    async (request) => hostCertificate(deps, requestContext(request), request.params.id),
  );

  app.get(
    '/hosts/:id/privileges',
    {
      onRequest: [app.authenticate],
      preHandler: [connectLimit],
      schema: {
        tags,
        summary: "Proxmox privileges each feature needs, and which the host's user or token lacks",
        params: IdParamsSchema,
        response: { 200: HostPrivilegesSchema, ...hostErrors, 429: ErrorSchema },
      },
    },
    async (request) => hostPrivileges(deps, requestContext(request), request.params.id),
  );

  app.delete(
    '/hosts/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Remove a host and its guests from the portal',
        params: IdParamsSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      await removeHost(deps, requestContext(request), request.params.id);
      return { message: 'Host deleted' };
    },
  );

  app.post(
    '/hosts/:id/sync',
    {
      onRequest: [app.authenticate],
      preHandler: [connectLimit],
      schema: {
        tags,
        summary: "Read the host's guests now",
        params: IdParamsSchema,
        response: { 200: MessageSchema, ...hostErrors, 429: ErrorSchema },
      },
    },
    async (request) => syncOneHost(deps, requestContext(request), request.params.id),
  );

  app.addHook('onClose', async () => {
    await closeAllClients();
  });
};
