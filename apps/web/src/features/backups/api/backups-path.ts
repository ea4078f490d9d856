// Kept apart from list-backups.ts (no imports): the router's loader starts the first page's request with it before
// the page's code has arrived.

/** Rows per page: a screenful and more, small enough to arrive fast for 150,000 backups. */
export const BACKUP_PAGE_SIZE = 100;

export interface BackupFilter {
  guestId?: string;
  hostId?: string;
  /** ISO instant: only backups taken since. */
  since?: string;
}

/** GET /backups?… of one page of `filter`. */
export function backupsPath(filter: BackupFilter, cursor?: string): string {
  const query = new URLSearchParams({ limit: String(BACKUP_PAGE_SIZE) });
  if (filter.guestId) query.set('guest_id', filter.guestId);
  if (filter.hostId) query.set('host_id', filter.hostId);
  if (filter.since) query.set('since', filter.since);
  if (cursor) query.set('cursor', cursor);
  return `/backups?${query.toString()}`;
}
