import type { AlertStatus } from '@proxai/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiCall } from '@/lib/api-client';
import { eventStream } from '@/lib/event-stream';
import { hostsQuery } from '@/lib/fleet-reads';

// Alerts: GET /alerts (active, or the history of resolved ones; paged), GET /alerts/count (the bell),
// POST /alerts/{id}/ack and /alerts/{id}/silence. Answers are typed by the contract, not parsed in the browser.

export const ALERTS_KEY = ['alerts'] as const;

/** The bell reads its count this often when the event stream is not there to say something changed. */
export const COUNT_REFRESH_MS = 60_000;
const PAGE_SIZE = 50;

export function alertListQuery(status: AlertStatus) {
  return infiniteQueryOptions({
    queryKey: [...ALERTS_KEY, 'list', status],
    queryFn: ({ pageParam, signal }) =>
      apiCall('GET', '/alerts', { query: { status, limit: PAGE_SIZE, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    refetchInterval: status === 'active' ? COUNT_REFRESH_MS : false,
  });
}

export function useAlertList(status: AlertStatus) {
  return useInfiniteQuery(alertListQuery(status));
}

export const alertCountQuery = queryOptions({
  queryKey: [...ALERTS_KEY, 'count'],
  queryFn: ({ signal }) => apiCall('GET', '/alerts/count', { signal }),
  refetchInterval: COUNT_REFRESH_MS,
});

export function useAlertCount() {
  return useQuery(alertCountQuery);
}

/** Events after which the alerts may have changed: alert events, and host or guest state changes that raise them. */
const RELEVANT = /^(alert\.|host\.(online|offline|removed)|guest\.state_changed)/;
/** Of those, the ones that change GET /hosts (the rules' and channels' host pickers). */
const HOST_CHANGED = /^host\./;
const DEBOUNCE_MS = 1_000;

/**
 * Reads the count (and any open list) again when the tab's event stream says something relevant happened; after a
 * host's change, the hosts too (lib/fleet-reads), unless another page (the dashboard) has read them since.
 */
export function useAlertEvents() {
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let hostChangedAt: number | undefined;
    const reload = () => {
      void client.invalidateQueries({ queryKey: ALERTS_KEY });
      const hostsReadAt = client.getQueryState(hostsQuery.queryKey)?.dataUpdatedAt ?? 0;
      if (hostChangedAt !== undefined && hostsReadAt < hostChangedAt) {
        void client.invalidateQueries({ queryKey: hostsQuery.queryKey }, { cancelRefetch: false });
      }
      hostChangedAt = undefined;
    };
    const unsubscribe = eventStream()?.subscribe((event) => {
      if (!RELEVANT.test(event.type)) return;
      if (HOST_CHANGED.test(event.type)) hostChangedAt ??= Date.now();
      clearTimeout(timer);
      timer = setTimeout(reload, DEBOUNCE_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe?.();
    };
  }, [client]);
}

/** After an acknowledgement or a silence: everything the alerts pages show, the hosts their rules name included. */
function useInvalidateAlerts() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ALERTS_KEY }),
      client.invalidateQueries({ queryKey: hostsQuery.queryKey }),
    ]);
}

export function useAckAlert() {
  const invalidate = useInvalidateAlerts();
  return useMutation({
    mutationFn: (id: string) => apiCall('POST', '/alerts/{id}/ack', { path: { id } }),
    onSuccess: invalidate,
  });
}

export function useSilenceAlert() {
  const invalidate = useInvalidateAlerts();
  return useMutation({
    mutationFn: ({ id, minutes }: { id: string; minutes: number }) =>
      apiCall('POST', '/alerts/{id}/silence', { path: { id }, body: { minutes } }),
    onSuccess: invalidate,
  });
}
