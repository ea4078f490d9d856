import type {
  NotificationChannel,
  NotificationChannelOwner,
  NotificationChannelCreated,
  NotificationChannelInput,
  NotificationChannelPatch,
  NotificationDelivery,
  NotificationDeliveryPage,
  NotificationPreferences,
  NotificationPreferencesInput,
  NotificationTestResult,
} from '@proxai/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// Notifications: the organisation's channels and the person's own (/notification-channels?owner=organisation|me:
// list, create, change, delete, test, rotate-secret), each channel's deliveries and dead letters (replay), and the
// person's own preferences (/notification-preferences).

export const NOTIFICATIONS_KEY = ['notifications'] as const;

export const channelsQuery = (owner: NotificationChannelOwner) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'channels', owner],
    queryFn: async ({ signal }) =>
      ((await api(`/notification-channels?owner=${owner}`, { signal })) as { items: NotificationChannel[] }).items,
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
    mutationFn: async (input: NotificationChannelInput) =>
      (await api('/notification-channels', { method: 'POST', body: input })) as NotificationChannelCreated,
    onSuccess: invalidate,
  });
}

export function usePatchChannel() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: string; patch: NotificationChannelPatch }) =>
      (await api(`/notification-channels/${id}`, { method: 'PATCH', body: patch })) as NotificationChannel,
    onSuccess: invalidate,
  });
}

export function useDeleteChannel() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (id: string) => api(`/notification-channels/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** Sends the `test` message now; answers how its first attempt went. */
export function useTestChannel() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api(`/notification-channels/${id}/test`, { method: 'POST' })) as NotificationTestResult,
    onSettled: invalidate,
  });
}

/** A new secret for a generic webhook (the old one stays valid 24 h); shown once. */
export function useRotateSecret() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api(`/notification-channels/${id}/rotate-secret`, { method: 'POST' })) as NotificationChannelCreated,
    onSuccess: invalidate,
  });
}

export type DeliveryList = 'deliveries' | 'dead-letters';

/** A channel's last deliveries, or its dead letters (newest first, one page). */
export function useDeliveries(channelId: string | null, list: DeliveryList) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'deliveries', channelId, list],
    queryFn: async ({ signal }) =>
      (await api(`/notification-channels/${channelId}/${list}?limit=50`, { signal })) as NotificationDeliveryPage,
    enabled: channelId !== null,
    refetchInterval: 30_000,
  });
}

export function useReplayDelivery() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api(`/notification-deliveries/${id}/replay`, { method: 'POST' })) as NotificationDelivery,
    onSuccess: invalidate,
  });
}

export const preferencesQuery = queryOptions({
  queryKey: [...NOTIFICATIONS_KEY, 'preferences'],
  queryFn: async ({ signal }) => (await api('/notification-preferences', { signal })) as NotificationPreferences,
});

export function usePreferences() {
  return useQuery(preferencesQuery);
}

export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: NotificationPreferencesInput) =>
      (await api('/notification-preferences', { method: 'PUT', body: input })) as NotificationPreferences,
    onSuccess: (prefs) => client.setQueryData(preferencesQuery.queryKey, prefs),
  });
}
