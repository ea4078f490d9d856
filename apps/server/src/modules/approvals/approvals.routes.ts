import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApprovalSchema, ErrorSchema, IdParamsSchema } from '@proxai/contract';
import { approvalsOf, approve, deny } from './approvals.service';
import { currentUser } from '../../kernel/request-context';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

export const approvalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['members'];
  app.get(
    '/approvals',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Requests held for four-eyes approval (the last 7 days)',
        response: { 200: z.array(ApprovalSchema), ...errors },
      },
    },
    async (request) => approvalsOf(app, currentUser(request)),
  );
  app.post(
    '/approvals/:id/approve',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Approve another member’s held request (step-up): it runs now, as them',
        params: IdParamsSchema,
        response: { 200: ApprovalSchema, ...errors },
      },
    },
    async (request) => approve(app, currentUser(request), request.params.id, request.ip),
  );
  app.post(
    '/approvals/:id/deny',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Deny another member’s held request',
        params: IdParamsSchema,
        response: { 200: ApprovalSchema, ...errors },
      },
    },
    async (request) => deny(app, currentUser(request), request.params.id, request.ip),
  );
};
