import type { QueryClient } from '@tanstack/react-query';

/** Every query of the backups feature lives under this key (inventory, coverage, restore tests, PBS). */
export const BACKUPS_KEY = ['backups'] as const;

/** After a backup, a restore or a restore test was started, or a flag changed: everything shown may have moved. */
export function invalidateBackups(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: BACKUPS_KEY });
}
