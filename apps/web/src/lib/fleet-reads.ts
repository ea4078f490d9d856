import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiCall } from './api-client';

// The fleet's two lists, GET /hosts and GET /vms, which the dashboard, the host and guest pages, backups, automation,
// alerts and API keys all show: read here, under one key each, so that a page opened after another one finds them in
// the cache, and a change anyone reloads is seen by every page. The API has no single-host or single-guest read:
// useHost and useVm pick one out of the list.
//
// The answers are typed by the OpenAPI document but not parsed with zod in the browser: zod and the contract's schemas
// would be ~100 KB of script to compile before the dashboard's first guest row on a first visit, and the server already
// checks every answer against the same schemas (its response serializer) before sending it.

/** Every fleet read lives under this key: invalidating it reloads the hosts and the guests together. */
export const FLEET_KEY = ['fleet'] as const;

/**
 * How long the pages beside the dashboard keep the lists (they name hosts and guests, offer them in pickers). The
 * dashboard keeps the cache's default instead: it shows the lists themselves, and reloads them on the fleet's events.
 */
export const FLEET_STALE_MS = 60_000;

// `early`: the answer of the read started before the app's script ran (theme-init.js at boot, or the dashboard route's
// loader, `startEarly`) is taken if one is there and fresh, so the dashboard's first rows do not wait for a second
// request. Only those two start them, and the dashboard's prefetch takes them at once.

/** GET /hosts, no staleTime of its own (the dashboard's freshness): a page adds its own (`FLEET_STALE_MS`). */
export const hostsQuery = queryOptions({
  queryKey: [...FLEET_KEY, 'hosts'],
  queryFn: ({ signal }) => apiCall('GET', '/hosts', { signal, early: true }),
});

/** GET /vms, no staleTime of its own (the dashboard's freshness): a page adds its own (`FLEET_STALE_MS`). */
export const vmsQuery = queryOptions({
  queryKey: [...FLEET_KEY, 'vms'],
  queryFn: ({ signal }) => apiCall('GET', '/vms', { signal, early: true }),
});

/** After a change to hosts or guests (an action, a sync, an edit, a fleet event): every page's lists read again. */
export function invalidateFleet(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: FLEET_KEY });
}

/** The hosts, kept a minute; `enabled` false waits (e.g. a form asks only once someone scopes by host). */
export function useHosts(enabled = true) {
  return useQuery({ ...hostsQuery, staleTime: FLEET_STALE_MS, enabled });
}

/** One host out of the list (null when unknown), kept a minute. */
export function useHost(id: string) {
  return useQuery({ ...hostsQuery, staleTime: FLEET_STALE_MS, select: (hosts) => hosts.find((h) => h.id === id) ?? null });
}

/** The guests, kept a minute; `enabled` false waits. */
export function useVms(enabled = true) {
  return useQuery({ ...vmsQuery, staleTime: FLEET_STALE_MS, enabled });
}

/** One guest out of the list (null when unknown), kept a minute. */
export function useVm(id: string) {
  return useQuery({ ...vmsQuery, staleTime: FLEET_STALE_MS, select: (vms) => vms.find((v) => v.id === id) ?? null });
}
