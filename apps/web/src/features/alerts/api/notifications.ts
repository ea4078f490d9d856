import type {
  NotificationChannelInput,
  NotificationChannelOwner,
  NotificationChannelPatch,
  NotificationPreferencesInput,
} from '@proxai/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

// Notifications: the organisation's channels and the person's own (/notification-channels?owner=organisation|me:
// list, create, change, delete, test, rotate-secret), each channel's deliveries and dead letters (replay), and the
// person's own preferences (/notification-preferences).

export const NOTIFICATIONS_KEY = ['notifications'] as const;

export const channelsQuery = (owner: NotificationChannelOwner) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'channels', owner],
    queryFn: async ({ signal }) => (await apiCall('GET', '/notification-channels', { query: { owner }, signal })).items,
  });

/** The organisation's channels, or the signed-in person's own. */
export function useChannels(owner: NotificationChannelOwner = 'organisation') {
  return useQuery(channelsQuery(owner));
}

function useInvalidateNotifications() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
}

/** Creates a channel (the organisation's, or with `owner: 'me'` one's own); a generic webhook's secret is shown once. */
export function useCreateChannel() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (input: NotificationChannelInput) => apiCall('POST', '/notification-channels', { body: input }),
    onSuccess: invalidate,
  });
}

export function usePatchChannel() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: NotificationChannelPatch }) =>
      apiCall('PATCH', '/notification-channels/{id}', { path: { id }, body: patch }),
    onSuccess: invalidate,
  });
}

export function useDeleteChannel() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (id: string) => apiCall('DELETE', '/notification-channels/{id}', { path: { id } }),
    onSuccess: invalidate,
  });
}

/** Sends the `test` message now; answers how its first attempt went. */
export function useTestChannel() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (id: string) => apiCall('POST', '/notification-channels/{id}/test', { path: { id } }),
    onSettled: invalidate,
  });
}

/** A new secret for a generic webhook (the old one stays valid 24 h); shown once. */
export function useRotateSecret() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (id: string) => apiCall('POST', '/notification-channels/{id}/rotate-secret', { path: { id } }),
    onSuccess: invalidate,
  });
}

export type DeliveryList = 'deliveries' | 'dead-letters';

/** A channel's last deliveries, or its dead letters (newest first, one page). */
export function useDeliveries(channelId: string | null, list: DeliveryList) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'deliveries', channelId, list],
    queryFn: ({ signal }) =>
      apiCall(
        'GET',
        list === 'deliveries' ? '/notification-channels/{id}/deliveries' : '/notification-channels/{id}/dead-letters',
        {
          path: { id: channelId ?? '' },
          query: { limit: 50 },
          signal,
        },
      ),
    enabled: channelId !== null,
    refetchInterval: 30_000,
  });
}

export function useReplayDelivery() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (id: string) => apiCall('POST', '/notification-deliveries/{id}/replay', { path: { id } }),
    onSuccess: invalidate,
  });
}

export const preferencesQuery = queryOptions({
  queryKey: [...NOTIFICATIONS_KEY, 'preferences'],
  queryFn: ({ signal }) => apiCall('GET', '/notification-preferences', { signal }),
});

export function usePreferences() {
  return useQuery(preferencesQuery);
}

export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferencesInput) => apiCall('PUT', '/notification-preferences', { body: input }),
    onSuccess: (prefs) => client.setQueryData(preferencesQuery.queryKey, prefs),
  });
}
