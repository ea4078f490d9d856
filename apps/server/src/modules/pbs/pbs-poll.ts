import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@proxai/contract';
import { isPveError } from '@proxai/pve-client';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { AppError, errorText } from '../../errors';
import { FALLBACK_LANGUAGE } from '../../i18n/messages';
import { dropClient, pooledPbsClient } from '../pve/client-pool';
import { fleetChanged } from '../fleet/fleet-cache';
import { UNREADABLE_CREDENTIALS } from '../hosts/host-sync';
import { markHostOffline, markHostOnline } from '../hosts/host-status';
import type { HostRow } from '../hosts/hosts.repository';
import { connectSettings, errorContext, targetOf } from '../pve/pve-connection';
import { lastErrorText } from '../pve/pve-errors';
import { secretBoxFor } from '../pve/secret-box';
import { toPbsError } from './pbs-connection';
import { savePbsState } from './pbs.repository';
import { isFailedTask, usageRow } from './pbs-usage';

export interface PbsDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}

export interface PbsPollOutcome {
  ok: boolean;
  /** The PBS version now known (read by this poll or an earlier one). */
  version: string | null;
  /** Why the poll failed, in the caller's language; `lastError` is the same in English, as stored. */
  error?: AppError;
  lastError?: string;
}

const DAY_S = 86_400;
/** The failed tasks counted are among this many of the last day's erroneous ones (the card says "at least"). */
const FAILED_TASKS_READ = 500;

/**
 * The light poll of a Proxmox Backup Server host (it has no guests, so none of PVE's endpoints): every cycle its
 * datastores' usage (1 request, which also tells whether it is up); with `full` (every few minutes, the PVE
 * inventory's pace) its version and the last day's failed tasks too. The host is then online with what was read,
 * or offline with the reason, with the same events as a PVE node. Bounded by PVE_TIMEOUT_MS as a whole.
 */
export async function pollPbs(
  deps: PbsDeps,
  host: HostRow,
  opts: { full: boolean; language?: Language },
): Promise<PbsPollOutcome> {
  const box = secretBoxFor(deps.config, deps.log);
  let target: ReturnType<typeof targetOf>;
  try {
    target = targetOf(host, box);
  } catch (err) {
    deps.log.error({ err, hostId: host.id }, "cannot decrypt the host's stored credentials");
    await markHostOffline(deps.db, host, UNREADABLE_CREDENTIALS);
    const error = new AppError('invalid_state', errorText('hosts.credentialsUnreadable'));
    return { ok: false, version: host.pveVersion, error, lastError: UNREADABLE_CREDENTIALS };
  }
  const settings = connectSettings(deps.config);
  const ctx = errorContext(target, settings);
  const signal = AbortSignal.timeout(settings.timeoutMs);
  const client = pooledPbsClient(host, () => target, settings);
  try {
    const now = new Date();
    const [usage, version, tasks] = await Promise.all([
      client.datastoreUsage({ signal }),
      opts.full ? client.version({ signal }) : undefined,
      opts.full
        ? client.tasks({ errors: true, since: Math.floor(now.getTime() / 1000) - DAY_S, limit: FAILED_TASKS_READ, signal })
        : undefined,
    ]);
    await deps.db.transaction(async (tx) => {
      await markHostOnline(tx, host, now, version ? { pveVersion: version.version, inventoryAt: now } : {});
      await savePbsState(tx, host.id, {
        datastores: usage.map((u) => usageRow(u, now)),
        readAt: now,
        ...(tasks ? { failedTasks: tasks.items.filter(isFailedTask).length, tasksReadAt: now } : {}),
      });
    });
    if (host.status !== 'online') await fleetChanged(deps.db, host.organisationId);
    return { ok: true, version: version?.version ?? host.pveVersion };
  } catch (err) {
    dropClient(host.id);
    const cause: unknown = signal.aborted ? signal.reason : err;
    const stored = toPbsError(cause, ctx);
    const language = opts.language ?? FALLBACK_LANGUAGE;
    const error = language === FALLBACK_LANGUAGE ? stored : toPbsError(cause, { ...ctx, language });
    if (!isPveError(err) && !signal.aborted) deps.log.warn({ err, hostId: host.id }, 'PBS poll failed on an unexpected error');
    const lastError = lastErrorText(stored);
    await markHostOffline(deps.db, host, lastError);
    if (host.status !== 'offline') await fleetChanged(deps.db, host.organisationId);
    return { ok: false, version: host.pveVersion, error, lastError };
  }
}
