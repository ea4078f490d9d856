import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema, IdParamsSchema, PbsHostDetailSchema } from '@proxai/contract';
import { pbsHostDetail } from './pbs.service';
import { requestContext } from '../../kernel/request-context';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/** A Proxmox Backup Server host's page (registered by hosts.routes.ts, under /api). */
export const pbsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, log: app.log };

  app.get(
    '/hosts/:id/pbs',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['hosts'],
        summary:
          "A Proxmox Backup Server's datastores (usage, 30-day fill forecast, garbage collection, snapshots, failed verifications), jobs and failed tasks, read live (kept 30 s)",
        params: IdParamsSchema,
        response: { 200: PbsHostDetailSchema, ...errors, 502: ErrorSchema, 504: ErrorSchema },
      },
    },
    async (request) => pbsHostDetail(deps, requestContext(request), request.params.id),
  );
};
