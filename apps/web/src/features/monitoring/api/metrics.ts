import type { MetricsCf, MetricsRange, MetricsSubject } from '@proxai/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

// GET /metrics/{node|guest|storage}/{id}?range&cf: one subject's history. Answers are typed by the OpenAPI document, not
// parsed with zod in the browser (see dashboard-queries.ts).

export const MONITORING_KEY = ['monitoring'] as const;

/** How often an open chart reads again: about one step of the 1-hour range. */
const REFRESH_MS: Record<MetricsRange, number> = { '1h': 60_000, '24h': 60_000, '7d': 300_000, '30d': 300_000, '1y': 3_600_000 };

export function metricsQuery(subject: MetricsSubject, id: string, range: MetricsRange, cf: MetricsCf) {
  return queryOptions({
    queryKey: [...MONITORING_KEY, 'metrics', subject, id, range, cf],
    queryFn: ({ signal }) => apiCall('GET', `/metrics/${subject}/{id}`, { path: { id }, query: { range, cf }, signal }),
    refetchInterval: REFRESH_MS[range],
  });
}

/** The subject's history; the previous range stays drawn while another one loads. */
export function useMetrics(subject: MetricsSubject, id: string, range: MetricsRange, cf: MetricsCf) {
  return useQuery({ ...metricsQuery(subject, id, range, cf), placeholderData: keepPreviousData });
}
