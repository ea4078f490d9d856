import { isTaskOk } from '@proxai/pve-client';
import { diskNeeds, type ConfigValues } from './guest-config';
import { errorText, type StepTarget } from './restore-steps';

/**
 * The end of every restore test that restored something, whatever happened before: the copy stopped and
 * destroyed (`purge=1`, `destroy-unreferenced-disks=1`), then proven gone: no VMID in /cluster/resources, no
 * volume of it on the storages its disks were on. Anything left is a leftover: the test fails and an alert says so.
 */

export interface CleanupProof {
  attempted: boolean;
  /** Null when it could not be checked (the host did not answer). */
  vmid_gone: boolean | null;
  leftover_volumes: string[];
  detail: string;
}

/** Longest a stop or destroy may take. */
const CLEANUP_TASK_MS = 10 * 60_000;

/** Whether the VMID is still a guest of the cluster (or node). */
async function vmidExists(t: StepTarget, vmid: number): Promise<boolean> {
  const resources = await t.client.clusterResources('vm');
  return resources.some((r) => 'vmid' in r && r.vmid === vmid);
}

/** The volumes of `vmid` (disk images, container volumes) still on `storages` of the target node. */
async function volumesLeft(
  t: StepTarget,
  vmid: number,
  storages: readonly string[],
): Promise<{ volumes: string[]; unread: string[] }> {
  const volumes: string[] = [];
  const unread: string[] = [];
  for (const storage of storages) {
    try {
      const items = await t.client.storageContent(t.node, storage, { vmid });
      for (const i of items) if (i.vmid === vmid && (i.content === 'images' || i.content === 'rootdir')) volumes.push(i.volid);
    } catch (err) {
      unread.push(`${storage} (${errorText(err)})`);
    }
  }
  return { volumes, unread };
}

/** The storages a copy's disks may be on: those of its config (read back), the backup's config and the target storage. */
export function storagesOf(
  type: 'qemu' | 'lxc',
  configs: readonly (ConfigValues | undefined)[],
  targetStorage: string | null,
): string[] {
  const set = new Set<string>(targetStorage ? [targetStorage] : []);
  for (const c of configs) if (c) for (const d of diskNeeds(type, c)) set.add(d.storage);
  return [...set];
}

/**
 * Stops and destroys the copy `vmid` (which this test made: callers check that first), then checks it is gone.
 * `record` records each PVE task's UPID on the task (a resumed run follows them).
 */
export async function destroyCopy(
  t: StepTarget,
  vmid: number,
  storages: readonly string[],
  record: (send: () => Promise<string>) => Promise<string>,
): Promise<CleanupProof> {
  const notes: string[] = [];
  if (await vmidExists(t, vmid)) {
    const status = await t.client.guestStatus(t.node, t.type, vmid).catch(() => undefined);
    if (status?.status === 'running') {
      const upid = await record(() => t.client.guestAction(t.node, t.type, vmid, 'stop'));
      const stopped = await t.client.waitForTask(t.node, upid, { pollMs: Math.min(t.pollMs, 250), timeoutMs: CLEANUP_TASK_MS });
      notes.push(`stopped (${stopped.exitstatus ?? 'no exit status'})`);
    }
    try {
      const upid = await record(() =>
        t.client.destroyGuest(t.node, t.type, vmid, { purge: true, 'destroy-unreferenced-disks': true }),
      );
      const destroyed = await t.client.waitForTask(t.node, upid, { pollMs: Math.min(t.pollMs, 250), timeoutMs: CLEANUP_TASK_MS });
      notes.push(
        isTaskOk(destroyed)
          ? 'destroyed (purge=1, destroy-unreferenced-disks=1)'
          : `destroy failed: ${destroyed.exitstatus ?? 'unknown'}`,
      );
    } catch (err) {
      notes.push(`destroy refused: ${errorText(err)}`);
    }
  } else {
    notes.push('no guest with that VMID to destroy');
  }
  let gone: boolean | null = null;
  try {
    gone = !(await vmidExists(t, vmid));
  } catch (err) {
    notes.push(`could not list the cluster's guests: ${errorText(err)}`);
  }
  const { volumes, unread } = await volumesLeft(t, vmid, storages);
  notes.push(gone === null ? 'VMID not checked' : gone ? `VMID ${vmid} gone` : `VMID ${vmid} STILL EXISTS`);
  notes.push(
    volumes.length ? `volumes left: ${volumes.join(', ')}` : `no volume of ${vmid} on ${storages.join(', ') || 'any storage'}`,
  );
  if (unread.length) notes.push(`storages not readable: ${unread.join('; ')}`);
  return { attempted: true, vmid_gone: gone, leftover_volumes: volumes, detail: notes.join('; ') };
}

/** Whether a cleanup proof shows something left (or could not show nothing is): the test cannot pass. */
export const isLeftover = (p: CleanupProof): boolean => p.attempted && (p.vmid_gone !== true || p.leftover_volumes.length > 0);

/** Whether something of the copy is known to be left (restore_test.leftover, the alert). */
export const hasLeftover = (p: CleanupProof): boolean => p.attempted && (p.vmid_gone === false || p.leftover_volumes.length > 0);
