import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process's own metrics (prom-client's defaults: process_resident_memory_bytes, process_cpu_seconds_total,
 * heap, event loop lag, GC…), collected once per process: several apps in one process (tests) share them.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (processRegistry) return processRegistry;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'nodejs_heap_used_bytes',
    help: 'V8 heap in use (kept from the earlier exporter; nodejs_heap_size_used_bytes is the same figure).',
    registers: [registry],
    collect() {
      this.set(process.memoryUsage().heapUsed);
    },
  });
  processRegistry = registry;
  return registry;
}

/**
 * The earlier exporter wrote histogram buckets with `le` last ({method,route,le}); prom-client writes it first.
 * Label order means nothing to Prometheus, but scripts and tests that grep the text keep working with it last.
 */
const leLast = (text: string) => text.replace(/_bucket\{le="([^"]*)",([^}]*)\}/g, '_bucket{$2,le="$1"}');

/**
 * `GET /metrics` in Prometheus text format (prom-client, ADR 012): request counts and latency per route pattern
 * and status, the database's transaction count, and the process's metrics. Labels use route patterns (`/api/hosts/:id`), never raw URLs, so no id or
 * token leaks here.
 */
async function metricsPlugin(app: FastifyInstance): Promise<void> {
  const registry = new Registry();
  const requests = new Counter({
    name: 'proxai_http_requests_total',
    help: 'HTTP requests by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'proxai_http_request_duration_seconds',
    help: 'Time to answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  const startedAt = Date.now();
  new Gauge({
    name: 'process_uptime_seconds',
    help: 'Seconds since this server started.',
    registers: [registry],
    collect() {
      this.set((Date.now() - startedAt) / 1000);
    },
  });
  new Gauge({
    name: 'proxai_database_transactions',
    help:
      "Transactions committed or rolled back in the portal's database since its statistics were reset, by every " +
      'client (all replicas, the job queue): what the portal asks of its database, idle or not (bench/idle).',
    registers: [registry],
    async collect() {
      const result = (await app.db.execute(sql`
        select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()`)) as {
        rows: { n: string | number }[];
      };
      this.set(Number(result.rows[0]?.n ?? NaN));
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    const merged = Registry.merge([processMetrics(), registry]);
    return reply.type(merged.contentType).send(leLast(await merged.metrics()));
  });
}

export const metrics = fp(metricsPlugin, { name: 'metrics' });
