import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiCall } from '@/lib/api-client';
import { eventStream } from '@/lib/event-stream';
import { hostsQuery, invalidateFleet, vmsQuery } from '@/lib/fleet-reads';
import { whenIdle } from '@/lib/idle';

/**
 * The dashboard's own queries (stats, advice) live under this key; its hosts and guests are the fleet's shared reads
 * (lib/fleet-reads.ts, `early` and without a staleTime of their own). `reloadDashboard` reloads all of them together.
 */
export const DASHBOARD_KEY = ['dashboard'] as const;

/** After a change to the fleet: the dashboard's queries and the hosts and guests every page shows. */
function reloadDashboard(client: QueryClient): Promise<unknown> {
  return Promise.all([client.invalidateQueries({ queryKey: DASHBOARD_KEY }), invalidateFleet(client)]);
}

// The dashboard's answers are typed by the OpenAPI document but not parsed with zod in the browser: zod and the
// contract's schemas would be ~100 KB of script to compile before the first guest row on a first visit, and
// the server already checks every answer against the same schemas (its response serializer) before sending.
export const statsQuery = queryOptions({
  queryKey: [...DASHBOARD_KEY, 'stats'],
  queryFn: ({ signal }) => apiCall('GET', '/stats', { signal, early: true }),
});

export function adviceQuery(language: string) {
  return queryOptions({
    queryKey: [...DASHBOARD_KEY, 'advice', language],
    queryFn: ({ signal }) =>
      apiCall('GET', '/proxai/advice', { query: { context: 'general' }, signal, headers: { 'accept-language': language } }),
    staleTime: 30_000,
  });
}

/** Without the event stream, data refreshes on its own while the page is open (the server syncs in the background). */
const REFRESH_MS = 30_000;
/** With the stream, changes arrive as they happen; a slow safety refresh remains. */
const STREAMED_REFRESH_MS = 5 * 60_000;
/** Events that change what the dashboard shows; a burst (a bulk action, a sync) reloads once. */
const FLEET_EVENT = /^(host|guest)\.|^task\.ended$/;
const RELOAD_DEBOUNCE_MS = 250;

/**
 * Reloads the dashboard when the organisation's event stream says its fleet changed (live updates across
 * replicas); answers whether the stream is up, so the queries poll only when it is not.
 */
export function useFleetEvents(): boolean {
  const client = useQueryClient();
  const [streaming, setStreaming] = useState(false);
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancel = whenIdle(() => {
      unsubscribe = eventStream()?.subscribe((event) => {
        if (!FLEET_EVENT.test(event.type)) return;
        clearTimeout(timer);
        timer = setTimeout(() => void reloadDashboard(client), RELOAD_DEBOUNCE_MS);
      }, setStreaming);
    });
    return () => {
      cancel();
      clearTimeout(timer);
      unsubscribe?.();
    };
  }, [client]);
  return streaming;
}

export function useDashboardData() {
  const streaming = useFleetEvents();
  const refetchInterval = streaming ? STREAMED_REFRESH_MS : REFRESH_MS;
  const hosts = useQuery({ ...hostsQuery, refetchInterval });
  const vms = useQuery({ ...vmsQuery, refetchInterval });
  const stats = useQuery({ ...statsQuery, refetchInterval });
  return { hosts, vms, stats };
}

/** Asked once the guest list has arrived, so the assistant's work never delays the first rows. */
export function useAdvice(language: string, enabled = true) {
  return useQuery({ ...adviceQuery(language), enabled });
}

export function useReloadDashboard() {
  const client = useQueryClient();
  return () => reloadDashboard(client);
}
