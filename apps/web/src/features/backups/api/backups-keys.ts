import type { QueryClient } from '@tanstack/react-query';
import { invalidateFleet } from '@/lib/fleet-reads';

/** Every query of the backups feature lives under this key (inventory, coverage, restore tests, PBS). */
export const BACKUPS_KEY = ['backups'] as const;

/**
 * After a backup, a restore or a restore test was started, or a flag changed: everything shown may have moved, the
 * hosts and guests the pages name (lib/fleet-reads) included.
 */
export function invalidateBackups(client: QueryClient): Promise<unknown> {
  return Promise.all([client.invalidateQueries({ queryKey: BACKUPS_KEY }), invalidateFleet(client)]);
}
