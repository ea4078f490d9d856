import type { PveClient } from '@proxai/pve-client';
import type { HostRow } from './hosts.repository';
import { createClient, type ConnectionTarget, type ConnectSettings } from './pve-connection';

/**
 * One PVE client per host, kept between background syncs so a password host logs in once per ticket
 * lifetime (the client renews its ticket) instead of every 30 s, which would flood the node's auth log.
 * A client is dropped on any error, and whenever the host's URL, credentials or pinned certificate change.
 */
const pool = new Map<string, { key: string; client: PveClient }>();

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

export function pooledClient(host: HostRow, target: () => ConnectionTarget, settings: ConnectSettings): PveClient {
  const key = keyOf(host, settings);
  const entry = pool.get(host.id);
  if (entry?.key === key) return entry.client;
  if (entry) void entry.client.close().catch(() => undefined);
  // One retry for GETs: a kept-alive socket the node closed meanwhile (restart) must not read as "offline".
  // The caller's per-sync deadline still bounds the whole pass.
  const client = createClient(target(), settings, { retries: 1, retryDelayMs: 50 });
  pool.set(host.id, { key, client });
  return client;
}

export function dropClient(hostId: string): void {
  const entry = pool.get(hostId);
  if (!entry) return;
  pool.delete(hostId);
  void entry.client.close().catch(() => undefined);
}

export async function closeAllClients(): Promise<void> {
  const entries = [...pool.values()];
  pool.clear();
  await Promise.all(entries.map((e) => e.client.close().catch(() => undefined)));
}
