import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { getStoredUser, storeUser } from '@/lib/auth-storage';
import { meQuery, updateMe, useMe } from '@/lib/me';
import { browserTimeZone } from '../time-zones';

// The person's time zone (AuthUser.timezone): next runs and the planner are shown in it. Read from GET /auth/me
// (lib/me.ts; the stored user may predate the field), changed with PATCH /auth/me.

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
  const me = useMe();
  const saved = me.data?.timezone ?? (me.isPending ? getStoredUser()?.timezone : null) ?? null;
  const mutation = useMutation({
    mutationFn: (timezone: string) => apiCall('PATCH', '/auth/me', { body: { timezone } }),
    onMutate: (timezone) => updateMe(client, { timezone }),
    // PATCH answers the person's own fields (AuthUser): they go into the cached answer, its organisations and
    // permissions kept. Not read yet: it is read again, with the new zone.
    onSuccess: (user) => {
      if (client.getQueryData(meQuery.queryKey)) updateMe(client, user);
      else void client.invalidateQueries({ queryKey: meQuery.queryKey });
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
