import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorSchema,
  IdParamsSchema,
  SnapshotCreateSchema,
  SnapshotListSchema,
  SnapshotNameSchema,
  TaskAcceptedSchema,
} from '@proxai/contract';
import { planGate } from '../licenses/licenses.service';
import { listGuestSnapshots, queueSnapshotTask } from './snapshots.service';
import { requestContext } from '../../kernel/request-context';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };
const hostErrors = { ...errors, 502: ErrorSchema, 504: ErrorSchema };
const SnapshotParamsSchema = IdParamsSchema.extend({ name: SnapshotNameSchema });

/** A guest's snapshots: listed live from its host; taking, rolling back and deleting one are tasks (202). */
export const snapshotsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, log: app.log };
  const jobDeps = { ...deps, jobs: app.jobs };
  const tags = ['snapshots'];
  // Manual snapshots are in the Essential plan and above (SPEC.md §6).
  app.addHook('preHandler', planGate(app.db, 'manual_snapshots'));

  app.get(
    '/vms/:id/snapshots',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: "The guest's snapshots, read from its host now (502/504 when the host cannot answer)",
        params: IdParamsSchema,
        response: { 200: SnapshotListSchema, ...hostErrors },
      },
    },
    async (request) => listGuestSnapshots(deps, requestContext(request), request.params.id),
  );

  app.post(
    '/vms/:id/snapshots',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Take a snapshot (vmstate: with the RAM, VMs only): 202 with the task to follow',
        params: IdParamsSchema,
        body: SnapshotCreateSchema,
        response: { 202: TaskAcceptedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await queueSnapshotTask(jobDeps, requestContext(request), request.params.id, 'create', request.body)),
  );

  // Rolling back and deleting name the snapshot in the path and answer its task.
  for (const [method, url, op, summary] of [
    ['POST', '/vms/:id/snapshots/:name/rollback', 'rollback', 'Roll the guest back to a snapshot (PVE stops it first)'],
    ['DELETE', '/vms/:id/snapshots/:name', 'delete', 'Delete a snapshot'],
  ] as const) {
    app.route({
      method,
      url,
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: `${summary}: 202 with the task to follow`,
        params: SnapshotParamsSchema,
        response: { 202: TaskAcceptedSchema, ...errors },
      },
      handler: async (request, reply) =>
        reply
          .code(202)
          .send(await queueSnapshotTask(jobDeps, requestContext(request), request.params.id, op, { name: request.params.name })),
    });
  }
};
