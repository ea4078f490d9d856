import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { narrowStatsJson, narrowVmsJson } from '../api-keys/scoped-lists';
import { listHostsOf } from '../hosts/hosts.service';
import { planGate } from '../licenses/licenses.service';
import {
  BulkActionRequestSchema,
  ErrorSchema,
  IdParamsSchema,
  StatsSchema,
  TaskAcceptedSchema,
  VmActionRequestSchema,
  VmListSchema,
} from '@proxai/contract';
import { z } from 'zod';
import { getStatsJson, listVmsJson, queueBulkAction, queueVmAction } from './guests.service';
import { requestContext } from '../../kernel/request-context';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/** Sends an answer the service already serialised (and caches per organisation); the route schema documents it. */
const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);

export const guestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, log: app.log };
  const tags = ['guests'];

  app.get(
    '/vms',
    {
      onRequest: [app.authenticate],
      schema: { tags, summary: "The organisation's QEMU VMs and LXC containers", response: { 200: VmListSchema, ...errors } },
    },
    // 5,000 guests are the dashboard's hot path.
    async (request, reply) => sendJson(reply, narrowVmsJson(request.user, await listVmsJson(deps, requestContext(request)))),
  );

  app.post(
    '/vms/:id/action',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary:
          'Start, stop (graceful, forced after 60 s) or restart a guest: 202 with the task to follow (GET /api/tasks/{id})',
        params: IdParamsSchema,
        body: VmActionRequestSchema,
        response: { 202: TaskAcceptedSchema.extend({ message: z.string() }), ...errors, 409: ErrorSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await queueVmAction(
            { ...deps, jobs: app.jobs },
            requestContext(request),
            request.params.id,
            request.body.action,
            request.body.vmid,
          ),
        ),
  );

  app.post(
    '/vms/bulk-action',
    {
      onRequest: [app.authenticate],
      // Actions on many guests at once are guided actions: the Essential plan and above (SPEC.md §6).
      preHandler: [planGate(app.db, 'guided_actions')],
      schema: {
        tags,
        summary: 'Start, stop or restart many guests: 202 with the parent task (one child per guest, at most 4 at once per host)',
        body: BulkActionRequestSchema,
        response: { 202: TaskAcceptedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await queueBulkAction({ ...deps, jobs: app.jobs }, requestContext(request), request.body)),
  );

  app.get(
    '/stats',
    {
      onRequest: [app.authenticate],
      schema: { tags, summary: 'Counts of hosts and guests', response: { 200: StatsSchema, ...errors } },
    },
    // Polled by every open dashboard.
    async (request, reply) => {
      const ctx = requestContext(request);
      const json = await narrowStatsJson(app.db, request.user, await getStatsJson(deps, ctx), {
        vmsJson: () => listVmsJson(deps, ctx),
        hosts: () => listHostsOf(deps, ctx),
      });
      return sendJson(reply, json);
    },
  );
};
