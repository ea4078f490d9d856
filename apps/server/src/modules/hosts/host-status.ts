import type { Db } from '../../db/client';
import { emitEvent } from '../../events/outbox';
import { updateHost, type HostRow, type NewHostRow } from './hosts.repository';

/**
 * A poll of `host` answered (a PVE node's or a PBS's): online, no error, failures reset, plus what the poll read.
 * `host.online` is emitted when it was not online before. Call inside the transaction that writes the rest.
 */
export async function markHostOnline(tx: Db, host: HostRow, at: Date, values: Partial<NewHostRow> = {}): Promise<void> {
  await updateHost(tx, host.id, { status: 'online', lastError: null, lastSyncAt: at, pollFailures: 0, ...values });
  if (host.status !== 'online') await emitEvent(tx, host.organisationId, 'host.online', { host_id: host.id, name: host.name });
}

/**
 * A poll of `host` failed: offline with the reason (English, as stored), one more failure in a row (the poller's
 * backoff). `host.offline` is emitted when the host was not offline yet or fails for another reason now.
 */
export async function markHostOffline(db: Db, host: HostRow, lastError: string): Promise<void> {
  await db.transaction(async (tx) => {
    await updateHost(tx, host.id, { status: 'offline', lastError, lastSyncAt: new Date(), pollFailures: host.pollFailures + 1 });
    if (host.status !== 'offline' || host.lastError !== lastError)
      await emitEvent(tx, host.organisationId, 'host.offline', { host_id: host.id, name: host.name, reason: lastError });
  });
}
