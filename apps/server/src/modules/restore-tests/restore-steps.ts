import { isPveError, isTaskOk, type PveClient, type RestoreParams } from '@proxai/pve-client';
import {
  agentEnabled,
  diskNeeds,
  isolatedNic,
  memoryBytes,
  nicIsolation,
  nicKeys,
  parseConfigText,
  type ConfigValues,
  type GuestKind,
} from './guest-config';

/**
 * The steps of a restore test that talk to Proxmox before the copy boots (see restore-test.job.ts for the
 * whole run): the preflight that decides whether the test may run at all, the restore itself with every NIC
 * unplugged, and the read-back that refuses to boot a copy with a NIC up.
 */

/** A guest's memory plus this margin must be free on the target node. */
export const MEMORY_MARGIN = 1.1;

export interface StepTarget {
  client: PveClient;
  /** The target node. */
  node: string;
  type: GuestKind;
  /** The tested guest's vmid (its backups are found by it) and node. */
  vmid: number;
  guestNode: string;
  pollMs: number;
  log: (line: string) => Promise<void>;
}

export const errorText = (err: unknown): string =>
  isPveError(err)
    ? (err.serverMessage ?? Object.values(err.errors ?? {}).join('; ')).trim() || err.message
    : err instanceof Error
      ? err.message
      : String(err);

const GiB = 1024 ** 3;
const gib = (bytes: number) => `${(bytes / GiB).toFixed(2)} GiB`;

/** What the preflight measured: the evidence's `preflight` section. */
export interface PreflightFacts {
  backup_volid?: string;
  backup_time?: string;
  /** Where the memory and disk sizes were read: the backup's own config (extractconfig), else the guest's current one. */
  config_from?: 'backup' | 'guest';
  config_note?: string;
  guest_memory_bytes?: number;
  required_memory_bytes?: number;
  node_free_memory_bytes?: number;
  storages?: { storage: string; need_bytes: number; avail_bytes: number | null }[];
  agent_configured?: boolean;
}

export type PreflightOutcome =
  | { ok: true; facts: PreflightFacts; backup: { volid: string; time: Date }; config: ConfigValues }
  | { ok: false; facts: PreflightFacts; reason: string };

/** The backup to test: the one asked for, else the newest of the guest on the storages the target node lists. */
async function findBackup(t: StepTarget, wanted: string | null): Promise<{ volid: string; time: Date } | string> {
  const storages = await t.client.storageList(t.node, { content: 'backup', enabled: true });
  let newest: { volid: string; ctime: number } | undefined;
  for (const s of storages) {
    if (!s.active) continue;
    const items = await t.client.backups(t.node, s.storage, { vmid: t.vmid }).catch(() => []);
    for (const b of items) {
      if (b.vmid !== t.vmid || (b.subtype !== undefined && b.subtype !== t.type)) continue;
      if (wanted !== null && b.volid !== wanted) continue;
      if (!newest || b.ctime > newest.ctime) newest = { volid: b.volid, ctime: b.ctime };
    }
  }
  if (newest) return { volid: newest.volid, time: new Date(newest.ctime * 1000) };
  return wanted !== null
    ? `Backup ${wanted} of ${t.vmid} is not listed on the backup storages node ${t.node} can read`
    : `No backup of ${t.vmid} is listed on the backup storages node ${t.node} can read`;
}

/**
 * Preflight, in order, changing nothing: the backup exists; its config (GET /nodes/{n}/vzdump/extractconfig, else
 * the guest's current config, said in the facts); a VM has its QEMU guest agent on (no probe could run
 * otherwise); the target's free memory covers the guest's memory + 10 %; each storage the disks go to has their
 * size free. Any miss answers the reason to skip the test.
 */
export async function preflight(
  t: StepTarget,
  opts: { backup: string | null; targetStorage: string | null },
): Promise<PreflightOutcome> {
  const facts: PreflightFacts = {};
  const found = await findBackup(t, opts.backup);
  if (typeof found === 'string') return { ok: false, facts, reason: found };
  facts.backup_volid = found.volid;
  facts.backup_time = found.time.toISOString();

  let config: ConfigValues;
  try {
    config = parseConfigText(await t.client.backupConfig(t.node, found.volid));
    facts.config_from = 'backup';
  } catch (err) {
    config = await t.client.guestConfig(t.guestNode, t.type, t.vmid);
    facts.config_from = 'guest';
    facts.config_note = `The backup's config could not be read (${errorText(err)}): memory and disk sizes are the guest's current ones`;
  }
  await t.log(
    `Preflight: backup ${found.volid} of ${found.time.toISOString()}, sizes from the ${facts.config_from === 'backup' ? "backup's" : "guest's current"} config`,
  );

  if (t.type === 'qemu') {
    facts.agent_configured = agentEnabled(config);
    if (!facts.agent_configured)
      return {
        ok: false,
        facts,
        reason: 'The VM has no QEMU guest agent configured (agent: 1): the copy could boot but not be probed',
      };
  }

  const status = await t.client.nodeStatus(t.node);
  const free = status.memory.available ?? status.memory.free;
  const guestMemory = memoryBytes(config);
  facts.guest_memory_bytes = guestMemory;
  facts.required_memory_bytes = Math.ceil(guestMemory * MEMORY_MARGIN);
  facts.node_free_memory_bytes = free;
  if (free < facts.required_memory_bytes)
    return {
      ok: false,
      facts,
      reason: `Not enough free memory on ${t.node}: ${gib(free)} free, ${gib(facts.required_memory_bytes)} needed (the guest's ${gib(guestMemory)} + 10 %)`,
    };

  const needs = new Map<string, number>();
  for (const d of diskNeeds(t.type, config)) {
    const storage = opts.targetStorage ?? d.storage;
    needs.set(storage, (needs.get(storage) ?? 0) + d.bytes);
  }
  facts.storages = [];
  for (const [storage, need] of needs) {
    let avail: number | null = null;
    try {
      const s = await t.client.storageStatus(t.node, storage);
      avail = s.active ? (s.avail ?? null) : null;
    } catch (err) {
      facts.storages.push({ storage, need_bytes: need, avail_bytes: null });
      return { ok: false, facts, reason: `Storage ${storage} cannot be read on ${t.node}: ${errorText(err)}` };
    }
    facts.storages.push({ storage, need_bytes: need, avail_bytes: avail });
    if (avail === null) return { ok: false, facts, reason: `Storage ${storage} is not active on ${t.node}` };
    if (avail < need)
      return { ok: false, facts, reason: `Not enough free space on storage ${storage}: ${gib(avail)} free, ${gib(need)} needed` };
  }
  return { ok: true, facts, backup: found, config };
}

/**
 * The restore call's parameters (the client sends `archive` as `ostemplate` with `restore=1` for a container): a
 * new VMID, unique=1 (new MACs, new SMBIOS uuid), every NIC of the backup unplugged and without its MAC.
 */
export function restoreParams(
  type: GuestKind,
  volid: string,
  vmid: number,
  targetStorage: string | null,
  backupConfig: ConfigValues,
): RestoreParams {
  const nics: Record<`net${number}`, string> = Object.fromEntries(
    nicKeys(backupConfig).map((k) => [k, isolatedNic(type, String(backupConfig[k]))]),
  );
  return { vmid, archive: volid, unique: true, ...(targetStorage ? { storage: targetStorage } : {}), ...nics };
}

/** PVE's answer when the VMID was taken between /cluster/nextid and the restore. */
export const isVmidTaken = (text: string): boolean => /already exists/i.test(text);

export interface Isolation {
  nics: Record<string, string>;
  allDown: boolean;
  /** The copy's config as read back (the disks' storages, for the cleanup check). */
  config: ConfigValues;
}

/**
 * Reads the copy's config back, as the host wrote it: the caller boots the copy only when `allDown` (fail
 * closed). Nothing is patched here: a host that left a NIC up (ignoring link_down, or a NIC of the backup the
 * restore did not override) is not trusted to apply a second attempt either.
 */
export async function checkIsolation(t: StepTarget, restoredVmid: number): Promise<Isolation> {
  const config = await t.client.guestConfig(t.node, t.type, restoredVmid);
  return { ...nicIsolation(config), config };
}

/** Sends a PVE task with `send`, records its UPID through `record`, follows it: its exit status (undefined: OK). */
export async function runPveTask(
  t: StepTarget,
  record: (send: () => Promise<string>) => Promise<string>,
  send: () => Promise<string>,
  timeoutMs: number,
): Promise<{ upid: string; error?: string }> {
  const upid = await record(send);
  const status = await t.client.waitForTask(t.node, upid, { pollMs: Math.min(t.pollMs, 250), timeoutMs });
  return isTaskOk(status) ? { upid } : { upid, error: status.exitstatus ?? 'the Proxmox task failed' };
}
