import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { auditListParams, type AuditFilters } from '../audit-filters';

// The audit trail, newest first (GET /audit): a page per "Load older", each asking for the records before the
// previous page's last (`next_before`, null at the chain's start). 403 for members without audit.read.

export const AUDIT_KEY = ['audit'] as const;

export function auditRecordsQuery(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: [...AUDIT_KEY, 'records', filters],
    queryFn: ({ pageParam, signal }) => apiCall('GET', '/audit', { query: auditListParams(filters, pageParam), signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_before,
  });
}

export function useAuditRecords(filters: AuditFilters) {
  return useInfiniteQuery(auditRecordsQuery(filters));
}
