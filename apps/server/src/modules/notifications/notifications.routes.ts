import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorSchema,
  IdParamsSchema,
  MessageSchema,
  NotificationChannelCreatedSchema,
  NotificationChannelInputSchema,
  NotificationChannelListQuerySchema,
  NotificationChannelListSchema,
  NotificationChannelPatchSchema,
  NotificationChannelSchema,
  NotificationDeliveryPageSchema,
  NotificationDeliveryQuerySchema,
  NotificationDeliverySchema,
  NotificationPreferencesInputSchema,
  NotificationPreferencesSchema,
  NotificationTestResultSchema,
} from '@proxai/contract';
import { acceptedLanguage, message } from '../../i18n/messages';
import { rateLimit } from '../auth/rate-limits';
import { CONNECT_ATTEMPTS_PER_MINUTE } from '../hosts/hosts.routes';
import { registerMailer } from './delivery';
import { deliveriesOf, replayDelivery } from './deliveries.service';
import {
  createChannel,
  getChannel,
  listChannelsOf,
  patchChannel,
  removeChannel,
  rotateSecret,
  testChannel,
} from './notifications.service';
import { preferencesOf, putPreferences } from './preferences.service';
import { currentUser, requestContext } from '../../kernel/request-context';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/**
 * Notification channels, their delivery log and dead letters (every member reads the organisation's; owners and
 * admins change them, test them and replay), each person's own channels (`owner: 'me'`: only they see and change
 * them) and preferences (GET/PUT /notification-preferences). One set of routes for both kinds of channel: a personal
 * channel's id answers 404 to anyone but its owner (channel-access.ts).
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, log: app.log };
  // Background deliveries of e-mail go through the app's mailer (SMTP, or the dev outbox).
  registerMailer(app.config, app.mailer);
  const tags = ['notifications'];
  const ctx = requestContext;
  // A test connects to the channel's address now: bounded per organisation like connecting hosts (a member's own
  // channel may point anywhere the address policy allows).
  const testLimit = rateLimit(app, 'channel-test-org', {
    max: CONNECT_ATTEMPTS_PER_MINUTE,
    windowMs: 60_000,
    key: (request) => currentUser(request).organisationId ?? undefined,
    detail: (request, seconds) =>
      message(acceptedLanguage(request.headers['accept-language']), 'notify.testLimited', { seconds }),
  });

  app.get(
    '/notification-channels',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: "The organisation's notification channels (owner=organisation, the default) or my own (owner=me), by name",
        querystring: NotificationChannelListQuerySchema,
        response: { 200: NotificationChannelListSchema, ...errors },
      },
    },
    async (request) => listChannelsOf(deps, ctx(request), request.query.owner),
  );

  app.post(
    '/notification-channels',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary:
          "Add a channel (e-mail, webhook, Slack, Discord, Teams, ntfy, Gotify): the organisation's (admins and owners) or, with owner 'me', my own (any member); a webhook answers its whsec_ secret this once. A URL on an address NOTIFY_ADDRESS_POLICY refuses is a 400. An API key limited to some hosts or tags makes and sees only channels within them: its scope {all} becomes the key's own, a wider one is a 403",
        body: NotificationChannelInputSchema,
        response: { 201: NotificationChannelCreatedSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createChannel(deps, ctx(request), request.body)),
  );

  app.get(
    '/notification-channels/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'A notification channel',
        params: IdParamsSchema,
        response: { 200: NotificationChannelSchema, ...errors },
      },
    },
    async (request) => getChannel(deps, ctx(request), request.params.id),
  );

  app.patch(
    '/notification-channels/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Change a channel (its type stays)',
        params: IdParamsSchema,
        body: NotificationChannelPatchSchema,
        response: { 200: NotificationChannelSchema, ...errors },
      },
    },
    async (request) => patchChannel(deps, ctx(request), request.params.id, request.body),
  );

  app.delete(
    '/notification-channels/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Delete a channel and its delivery log',
        params: IdParamsSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      await removeChannel(deps, ctx(request), request.params.id);
      return { message: 'Notification channel deleted' };
    },
  );

  app.post(
    '/notification-channels/:id/test',
    {
      onRequest: [app.authenticate],
      preHandler: [testLimit],
      schema: {
        tags,
        summary: 'Send a test message now; answers the delivery after its first attempt',
        params: IdParamsSchema,
        response: { 200: NotificationTestResultSchema, ...errors },
      },
    },
    async (request) => testChannel(deps, ctx(request), request.params.id),
  );

  app.post(
    '/notification-channels/:id/rotate-secret',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: "A webhook's new whsec_ secret, shown once; the previous one still signs (second signature) for 24 h",
        params: IdParamsSchema,
        response: { 200: NotificationChannelCreatedSchema, ...errors },
      },
    },
    async (request) => rotateSecret(deps, ctx(request), request.params.id),
  );

  app.get(
    '/notification-channels/:id/deliveries',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: "The channel's delivery log, newest first (pages through next_cursor)",
        params: IdParamsSchema,
        querystring: NotificationDeliveryQuerySchema,
        response: { 200: NotificationDeliveryPageSchema, ...errors },
      },
    },
    async (request) => deliveriesOf(deps, ctx(request), request.params.id, request.query),
  );

  app.get(
    '/notification-channels/:id/dead-letters',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Messages the channel gave up on (replay them with POST /notification-deliveries/{id}/replay)',
        params: IdParamsSchema,
        querystring: NotificationDeliveryQuerySchema,
        response: { 200: NotificationDeliveryPageSchema, ...errors },
      },
    },
    async (request) => deliveriesOf(deps, ctx(request), request.params.id, request.query, true),
  );

  app.post(
    '/notification-deliveries/:id/replay',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Queue a dead (or delivered) message again now, with a fresh 24 h of retries',
        params: IdParamsSchema,
        response: { 200: NotificationDeliverySchema, ...errors, 409: ErrorSchema },
      },
    },
    async (request) => replayDelivery(deps, ctx(request), request.params.id),
  );

  app.get(
    '/notification-preferences',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'What reaches me by e-mail: severity, quiet hours',
        response: { 200: NotificationPreferencesSchema, ...errors },
      },
    },
    async (request) => preferencesOf(deps, currentUser(request)),
  );

  app.put(
    '/notification-preferences',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Change what reaches me (fields left out keep their value)',
        body: NotificationPreferencesInputSchema,
        response: { 200: NotificationPreferencesSchema, ...errors },
      },
    },
    async (request) => putPreferences(deps, currentUser(request), request.body),
  );
};
