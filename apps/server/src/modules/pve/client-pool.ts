import type { PbsClient, PveClient } from '@proxai/pve-client';
import type { HostRow } from '../../db/schema';
import { createClient, createPbsClient, type ConnectionTarget, type ConnectSettings } from './pve-connection';

/**
 * One client per host, kept between background syncs so a password host logs in once per ticket lifetime (the
 * client renews its ticket) instead of every 30 s, which would flood the node's auth log. A client is dropped on
 * any error, and whenever the host's URL, credentials or pinned certificate change. PVE and PBS clients are kept
 * apart: code that asks a PBS host for a PVE client gets one (and its calls fail as on any host), never the other.
 */
type Pool<C> = Map<string, { key: string; client: C }>;
const pve: Pool<PveClient> = new Map();
const pbs: Pool<PbsClient> = new Map();

function keyOf(host: HostRow, s: ConnectSettings): string {
  return [
    host.pveUrl,
    host.username,
    host.authType,
    host.tokenName ?? '',
    host.secretEncrypted,
    host.tlsFingerprint ?? '',
    host.addressTrusted,
    s.timeoutMs,
    s.policy,
    s.maxResponseBytes,
  ].join('\n');
}

function pooled<C extends { close(): Promise<void> }>(
  pool: Pool<C>,
  host: HostRow,
  settings: ConnectSettings,
  create: () => C,
): C {
  const key = keyOf(host, settings);
  const entry = pool.get(host.id);
  if (entry?.key === key) return entry.client;
  if (entry) void entry.client.close().catch(() => undefined);
  const client = create();
  pool.set(host.id, { key, client });
  return client;
}

export function pooledClient(host: HostRow, target: () => ConnectionTarget, settings: ConnectSettings): PveClient {
  // One retry for GETs: a kept-alive socket the node closed meanwhile (restart) must not read as "offline".
  // The caller's per-sync deadline still bounds the whole pass.
  return pooled(pve, host, settings, () => createClient(target(), settings, { retries: 1, retryDelayMs: 50 }));
}

/** The client of a PBS host, kept like a PVE host's. */
export function pooledPbsClient(host: HostRow, target: () => ConnectionTarget, settings: ConnectSettings): PbsClient {
  return pooled(pbs, host, settings, () => createPbsClient(target(), settings, { retries: 1, retryDelayMs: 50 }));
}

export function dropClient(hostId: string): void {
  for (const pool of [pve, pbs] as Pool<{ close(): Promise<void> }>[]) {
    const entry = pool.get(hostId);
    if (!entry) continue;
    pool.delete(hostId);
    void entry.client.close().catch(() => undefined);
  }
}

export async function closeAllClients(): Promise<void> {
  const entries = [...pve.values(), ...pbs.values()];
  pve.clear();
  pbs.clear();
  await Promise.all(entries.map((e) => e.client.close().catch(() => undefined)));
}
