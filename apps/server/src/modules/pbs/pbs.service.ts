import type { PbsHostDetail } from '@proxai/contract';
import { AppError, errorText, notFound } from '../../errors';
import { FALLBACK_LANGUAGE } from '../../i18n/messages';
import { dropClient, pooledPbsClient } from '../pve/client-pool';
import { findHost, type HostRow } from '../hosts/hosts.repository';
import { connectSettings, errorContext, targetOf, type ConnectionTarget } from '../pve/pve-connection';
import { secretBoxFor } from '../pve/secret-box';
import { toPbsError } from './pbs-connection';
import { readPbsPage } from './pbs-page';
import type { PbsDeps } from './pbs-poll';
import { pbsText } from './pbs-texts';
import { type RequestContext } from '../../kernel/request-context';

/** How long a PBS page read is served again: page loads and refreshes within it do not ask the PBS. */
export const PBS_PAGE_TTL_MS = 30_000;

interface Entry {
  /** The host's address, credentials and pin when read: an edit of them makes the entry stale. */
  key: string;
  at: number;
  value: Promise<PbsHostDetail>;
}

/** This process's PBS page reads by host id. Only reads that succeeded are kept; concurrent misses share one read. */
const pages = new Map<string, Entry>();

const keyOf = (h: HostRow) =>
  [h.pveUrl, h.username, h.authType, h.tokenName ?? '', h.secretEncrypted, h.tlsFingerprint].join('\n');

function sweep(now: number): void {
  for (const [id, e] of pages) if (now - e.at >= PBS_PAGE_TTL_MS) pages.delete(id);
}

async function load(deps: PbsDeps, host: HostRow, target: ConnectionTarget): Promise<PbsHostDetail> {
  const settings = connectSettings(deps.config);
  const client = pooledPbsClient(host, () => target, settings);
  try {
    // Several requests (three per datastore): twice one request's deadline bounds them all.
    return await readPbsPage(client, host, new Date(), AbortSignal.timeout(settings.timeoutMs * 2));
  } catch (err) {
    dropClient(host.id);
    throw err;
  }
}

/**
 * GET /hosts/{id}/pbs: the PBS page, read live from the PBS and kept PBS_PAGE_TTL_MS. Any member of the host's
 * organisation may read it. A PBS that cannot be read answers the catalogue's host error (502/504 with the reason
 * in the caller's language), never a 500; a PVE node answers 400.
 */
export async function pbsHostDetail(deps: PbsDeps, ctx: RequestContext, id: string): Promise<PbsHostDetail> {
  const language = ctx.language ?? FALLBACK_LANGUAGE;
  const host = await findHost(deps.db, ctx.organisationId, id);
  if (!host) throw notFound('host');
  if (host.type !== 'pbs') throw new AppError('bad_request', pbsText(language, 'pbs.notPbsHost', { host: host.name }));
  let target: ConnectionTarget;
  try {
    target = targetOf(host, secretBoxFor(deps.config, deps.log));
  } catch {
    throw new AppError('invalid_state', errorText('hosts.credentialsUnreadable'));
  }
  const now = Date.now();
  const key = keyOf(host);
  let entry = pages.get(host.id);
  if (!entry || entry.key !== key || now - entry.at >= PBS_PAGE_TTL_MS) {
    sweep(now);
    const fresh: Entry = { key, at: now, value: load(deps, host, target) };
    fresh.value.catch(() => {
      if (pages.get(host.id) === fresh) pages.delete(host.id);
    });
    pages.set(host.id, fresh);
    entry = fresh;
  }
  try {
    return await entry.value;
  } catch (err) {
    throw toPbsError(err, errorContext(target, connectSettings(deps.config), { language }));
  }
}
