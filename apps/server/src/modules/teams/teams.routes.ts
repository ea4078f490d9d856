import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorSchema,
  IdParamsSchema,
  InviteAcceptedSchema,
  InviteCreateSchema,
  InvitePreviewSchema,
  InviteSchema,
  InviteTokenParamsSchema,
  MemberListSchema,
  MemberParamsSchema,
  MemberPatchSchema,
  MemberSchema,
  MessageSchema,
  MeSchema,
  PermissionMapSchema,
  SecurityPolicySchema,
  SwitchOrganisationSchema,
} from '@proxai/contract';
import { PERMISSIONS, PLATFORM_PERMISSIONS, ROLE_PERMISSIONS } from '@proxai/contract/permissions';
import { baseUrl } from '../auth/auth.routes';
import { byIp, rateLimit } from '../auth/rate-limits';
import { membershipsOf } from './teams.repository';
import {
  accept,
  cancelInvite,
  changeRole,
  invite,
  invites,
  leave,
  me,
  members,
  previewInvite,
  removeMember,
  securityPolicy,
  setSecurityPolicy,
  switchOrganisation,
  type TeamContext,
} from './teams.service';
import { currentUser, requestContext } from '../../kernel/request-context';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema };

export const teamsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['members'];
  const ctx = (request: FastifyRequest): TeamContext => requestContext(request);

  app.get(
    '/permissions',
    {
      schema: {
        tags,
        summary: 'The permission map: which role may do what (the server enforces it, the web hides by it)',
        response: { 200: PermissionMapSchema },
      },
    },
    async () => ({
      permissions: [...PERMISSIONS],
      roles: {
        owner: [...ROLE_PERMISSIONS.owner],
        admin: [...ROLE_PERMISSIONS.admin],
        operator: [...ROLE_PERMISSIONS.operator],
        readonly: [...ROLE_PERMISSIONS.readonly],
      },
      platform: { admin: [...PLATFORM_PERMISSIONS] },
    }),
  );

  app.post(
    '/auth/switch-organisation',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['auth'],
        summary: 'Act in another of your organisations (this session, and the next ones)',
        body: SwitchOrganisationSchema,
        response: { 200: MeSchema, ...errors },
      },
    },
    async (request) => {
      const user = await switchOrganisation(db, currentUser(request), request.body.organisation_id);
      app.sessionCache.evictSession(user.sessionId);
      return me(db, user);
    },
  );

  app.get(
    '/members',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'The organisation’s members, with their last activity',
        response: { 200: MemberListSchema, ...errors },
      },
    },
    async (request) => members(db, ctx(request)),
  );

  app.patch(
    '/members/:user_id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Change a member’s role (step-up; owners only by owners)',
        params: MemberParamsSchema,
        body: MemberPatchSchema,
        response: { 200: MemberSchema, ...errors },
      },
    },
    async (request) => {
      const member = await changeRole(db, ctx(request), request.params.user_id, request.body.role);
      app.sessionCache.evictUser(request.params.user_id);
      return member;
    },
  );

  app.delete(
    '/members/:user_id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Remove a member (step-up; the last owner stays)',
        params: MemberParamsSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      await removeMember(db, ctx(request), request.params.user_id);
      app.sessionCache.evictUser(request.params.user_id);
      return { message: 'Member removed' };
    },
  );

  app.post(
    '/members/leave',
    {
      onRequest: [app.authenticate],
      schema: { tags, summary: 'Leave the organisation (the last owner cannot)', response: { 200: MessageSchema, ...errors } },
    },
    async (request) => {
      const context = ctx(request);
      await leave(db, context);
      app.sessionCache.evictUser(context.user.id);
      return { message: 'You left the organisation' };
    },
  );

  app.get(
    '/invites',
    {
      onRequest: [app.authenticate],
      schema: { tags, summary: 'Pending invitations', response: { 200: z.array(InviteSchema), ...errors } },
    },
    async (request) => invites(db, ctx(request)),
  );

  app.post(
    '/invites',
    {
      onRequest: [app.authenticate],
      preHandler: [
        rateLimit(app, 'invite-org', { max: 30, windowMs: 60 * 60_000, key: (r) => currentUser(r).organisationId ?? undefined }),
      ],
      schema: {
        tags,
        summary: 'Invite someone by e-mail with a role (a single-use link, 7 days)',
        body: InviteCreateSchema,
        response: { 201: InviteSchema, ...errors, 503: ErrorSchema },
      },
    },
    async (request, reply) => {
      const context = ctx(request);
      const orgName =
        (await membershipsOf(db, context.user.id)).find((m) => m.organisationId === context.organisationId)?.name ?? '';
      const created = await invite({ db, mailer: app.mailer }, context, request.body, baseUrl(request, app.config), orgName);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/invites/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Revoke a pending invitation',
        params: IdParamsSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      await cancelInvite(db, ctx(request), request.params.id);
      return { message: 'Invitation revoked' };
    },
  );

  app.get(
    '/invites/:token',
    {
      preHandler: [rateLimit(app, 'invite-preview-ip', { max: 60, windowMs: 15 * 60_000, key: byIp })],
      schema: {
        tags,
        summary: 'What an invitation link invites to (before accepting)',
        params: InviteTokenParamsSchema,
        response: { 200: InvitePreviewSchema, ...errors },
      },
    },
    async (request) => previewInvite(db, request.params.token),
  );

  app.post(
    '/invites/:token/accept',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Accept an invitation, signed in as its address; the session then acts in that organisation',
        params: InviteTokenParamsSchema,
        response: { 200: InviteAcceptedSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const done = await accept(db, user, request.params.token, request.ip);
      app.sessionCache.evictSession(user.sessionId);
      return { organisation_id: done.organisationId, role: done.role };
    },
  );

  app.get(
    '/organisation/security',
    {
      onRequest: [app.authenticate],
      schema: { tags, summary: 'The organisation’s security policy', response: { 200: SecurityPolicySchema, ...errors } },
    },
    async (request) => securityPolicy(db, ctx(request)),
  );

  app.put(
    '/organisation/security',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Require a second factor of every member (owners; step-up)',
        body: SecurityPolicySchema,
        response: { 200: SecurityPolicySchema, ...errors },
      },
    },
    async (request) => setSecurityPolicy(db, ctx(request), request.body),
  );
};
