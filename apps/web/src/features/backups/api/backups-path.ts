// Kept apart from list-backups.ts (imports only the API client, which the router holds already): the router's loader
// starts the first page's request with it before the page's code has arrived.
import { apiPath, type ApiQuery } from '@/lib/api-client';

/** Rows per page: a screenful and more, small enough to arrive fast for 150,000 backups. */
export const BACKUP_PAGE_SIZE = 100;

export interface BackupFilter {
  guestId?: string;
  hostId?: string;
  /** ISO instant: only backups taken since. */
  since?: string;
}

/** The query of GET /backups for one page of `filter`, in the order the early read's path has it. */
export function backupsPageQuery(filter: BackupFilter, cursor?: string): ApiQuery<'/backups', 'GET'> {
  return {
    limit: BACKUP_PAGE_SIZE,
    guest_id: filter.guestId || undefined,
    host_id: filter.hostId || undefined,
    since: filter.since || undefined,
    cursor: cursor || undefined,
  };
}

/** GET /backups?… of one page of `filter`: the path an early read is started and taken under. */
export function backupsPath(filter: BackupFilter, cursor?: string): string {
  return apiPath('/backups', { query: backupsPageQuery(filter, cursor) });
}
