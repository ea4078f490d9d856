import type { AuthUser } from '@proxai/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { getStoredUser, storeUser } from '@/lib/auth-storage';
import { browserTimeZone } from '../time-zones';
import { AUTOMATION_KEY } from './automation-keys';

// The person's time zone (AuthUser.timezone): next runs and the planner are shown in it. Read from GET /auth/me
// (the stored user may predate the field), changed with PATCH /auth/me.

export const meQuery = queryOptions({
  queryKey: [...AUTOMATION_KEY, 'me'],
  // Only the person's own fields (AuthUser): what PATCH /auth/me answers and puts back.
  queryFn: ({ signal }): Promise<AuthUser> => apiCall('GET', '/auth/me', { signal }),
  staleTime: 5 * 60_000,
});

export interface MyTimeZone {
  /** The profile's zone, else the one stored with the session, else the browser's. */
  timeZone: string;
  /** The profile names no zone: `timeZone` is the browser's. */
  isDefault: boolean;
  save: (timeZone: string) => void;
  isSaving: boolean;
}

export function useMyTimeZone(): MyTimeZone {
  const client = useQueryClient();
  const me = useQuery(meQuery);
  const saved = me.data?.timezone ?? (me.isPending ? getStoredUser()?.timezone : null) ?? null;
  const mutation = useMutation({
    mutationFn: (timezone: string) => apiCall('PATCH', '/auth/me', { body: { timezone } }),
    onMutate: (timezone) => client.setQueryData(meQuery.queryKey, (user) => (user ? { ...user, timezone } : user)),
    onSuccess: (user) => {
      client.setQueryData(meQuery.queryKey, user);
      const stored = getStoredUser();
      if (stored) storeUser({ ...stored, timezone: user.timezone });
    },
    onError: () => client.invalidateQueries({ queryKey: meQuery.queryKey }),
  });
  return {
    timeZone: saved ?? browserTimeZone(),
    isDefault: !saved,
    save: mutation.mutate,
    isSaving: mutation.isPending,
  };
}
