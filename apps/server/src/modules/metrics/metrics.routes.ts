import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema, IdParamsSchema, MetricsQuerySchema, MetricsSeriesSchema, type MetricsSeries } from '@proxai/contract';
import type { Db } from '../../db/client';
import { notFound, type NotFoundSubject } from '../../errors';
import { querySeries, type SubjectKind } from './store';
import { subjectExists } from './store/subjects';
import { requestContext } from '../../kernel/request-context';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema };

const WHAT: Record<SubjectKind, NotFoundSubject> = { node: 'host', guest: 'guest', storage: 'storage' };

async function seriesOf(
  db: Db,
  organisationId: string,
  kind: SubjectKind,
  id: string,
  query: { range: '1h' | '24h' | '7d' | '30d' | '1y'; cf: 'avg' | 'max' },
): Promise<MetricsSeries> {
  // Another organisation's id answers as an unknown one.
  if (!(await subjectExists(db, organisationId, kind, id))) throw notFound(WHAT[kind]);
  return querySeries(db, organisationId, { kind, id }, query.range, query.cf);
}

/**
 * History of nodes (the host's id), guests and storages (DESIGN.md §13): GET /api/metrics/{node|guest|storage}/{id}
 * ?range=1h|24h|7d|30d|1y&cf=avg|max. Every member of the organisation reads them, on every plan.
 */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['metrics'];
  for (const kind of ['node', 'guest', 'storage'] as const) {
    app.get(
      `/metrics/${kind}/:id`,
      {
        onRequest: [app.authenticate],
        schema: {
          tags,
          summary: `A ${kind}'s history over a range: one value per step, null where nothing was collected`,
          params: IdParamsSchema,
          querystring: MetricsQuerySchema,
          response: { 200: MetricsSeriesSchema, ...errors },
        },
      },
      async (request) => seriesOf(db, requestContext(request).organisationId, kind, request.params.id, request.query),
    );
  }
};
