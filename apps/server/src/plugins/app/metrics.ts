import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  count: number;
  sum: number;
  buckets: number[];
}

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/**
 * `GET /metrics` in Prometheus text format: request counts and latency per route pattern and status, and
 * process memory. Labels use route patterns (`/api/hosts/:id`), never raw URLs, so no id or token leaks here.
 */
async function metricsPlugin(app: FastifyInstance): Promise<void> {
  const requests = new Map<string, number>();
  const durations = new Map<string, Series>();
  const startedAt = Date.now();

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const key = `${request.method}\u0000${route}\u0000${reply.statusCode}`;
    requests.set(key, (requests.get(key) ?? 0) + 1);
    const seconds = reply.elapsedTime / 1000;
    const dkey = `${request.method}\u0000${route}`;
    const series = durations.get(dkey) ?? { count: 0, sum: 0, buckets: BUCKETS.map(() => 0) };
    series.count++;
    series.sum += seconds;
    BUCKETS.forEach((b, i) => {
      if (seconds <= b) series.buckets[i]!++;
    });
    durations.set(dkey, series);
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    const lines: string[] = [];
    lines.push('# HELP proxai_http_requests_total HTTP requests by method, route pattern and status.');
    lines.push('# TYPE proxai_http_requests_total counter');
    for (const [key, n] of requests) {
      const [method, route, status] = key.split('\u0000') as [string, string, string];
      lines.push(`proxai_http_requests_total{method="${method}",route="${escapeLabel(route)}",status="${status}"} ${n}`);
    }
    lines.push('# HELP proxai_http_request_duration_seconds Time to answer, by method and route pattern.');
    lines.push('# TYPE proxai_http_request_duration_seconds histogram');
    for (const [key, s] of durations) {
      const [method, route] = key.split('\u0000') as [string, string];
      const labels = `method="${method}",route="${escapeLabel(route)}"`;
      BUCKETS.forEach((b, i) => lines.push(`proxai_http_request_duration_seconds_bucket{${labels},le="${b}"} ${s.buckets[i]}`));
      lines.push(`proxai_http_request_duration_seconds_bucket{${labels},le="+Inf"} ${s.count}`);
      lines.push(`proxai_http_request_duration_seconds_sum{${labels}} ${s.sum}`);
      lines.push(`proxai_http_request_duration_seconds_count{${labels}} ${s.count}`);
    }
    const mem = process.memoryUsage();
    lines.push('# TYPE process_resident_memory_bytes gauge', `process_resident_memory_bytes ${mem.rss}`);
    lines.push('# TYPE nodejs_heap_used_bytes gauge', `nodejs_heap_used_bytes ${mem.heapUsed}`);
    const cpu = process.cpuUsage();
    lines.push('# TYPE process_cpu_seconds_total counter', `process_cpu_seconds_total ${(cpu.user + cpu.system) / 1e6}`);
    lines.push('# TYPE process_uptime_seconds gauge', `process_uptime_seconds ${(Date.now() - startedAt) / 1000}`);
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(`${lines.join('\n')}\n`);
  });
}

export const metrics = fp(metricsPlugin, { name: 'metrics' });
