import { z } from 'zod';

/**
 * Runtime checks of the few fields the portal depends on. Everything else passes through
 * untouched (loose objects): a newer PVE adding keys must not break the portal.
 */
const vmid = z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(Number);

export const TicketSchema = z.looseObject({
  username: z.string(),
  ticket: z.string().min(1),
  CSRFPreventionToken: z.string().min(1),
});
export const VersionSchema = z.looseObject({ version: z.string(), release: z.string(), repoid: z.string() });
export const NodeListSchema = z.array(z.looseObject({ node: z.string(), status: z.string() }));
export const NodeStatusSchema = z.looseObject({
  uptime: z.number(),
  cpu: z.number(),
  memory: z.looseObject({ total: z.number(), used: z.number() }),
  pveversion: z.string(),
});
export const ClusterStatusSchema = z.array(z.looseObject({ type: z.string(), id: z.string() }));
export const ClusterResourcesSchema = z.array(z.looseObject({ id: z.string(), type: z.string(), vmid: vmid.optional() }));
/** A hand-written check for lists that can hold thousands of items (zod copies every item). */
export type FastCheck<T> = (data: unknown) => { ok: true; value: T } | { ok: false; where: string };

function listCheck(
  fields: Record<string, 'string' | 'number' | 'vmid' | 'string?' | 'number?' | 'vmid?'>,
): FastCheck<Record<string, unknown>[]> {
  const entries = Object.entries(fields);
  return (data) => {
    if (!Array.isArray(data)) return { ok: false, where: '(root): expected array' };
    for (let i = 0; i < data.length; i++) {
      const item: unknown = data[i];
      if (typeof item !== 'object' || item === null) return { ok: false, where: `${i}: expected object` };
      const o = item as Record<string, unknown>;
      for (const [key, kind] of entries) {
        const v = o[key];
        const optional = kind.endsWith('?');
        if (v === undefined && optional) continue;
        const base = optional ? kind.slice(0, -1) : kind;
        if (base === 'vmid') {
          // PVE < 8.1 answers LXC vmids as strings: normalised here, in place.
          if (typeof v === 'string' && /^\d+$/.test(v)) o[key] = Number(v);
          else if (typeof v !== 'number' || !Number.isInteger(v)) return { ok: false, where: `${i}.${key}: expected integer` };
        } else if (typeof v !== base) {
          return { ok: false, where: `${i}.${key}: expected ${base}` };
        }
      }
    }
    return { ok: true, value: data as Record<string, unknown>[] };
  };
}

export const GuestListSchema = listCheck({ vmid: 'vmid', status: 'string', name: 'string?' });
export const GuestStatusSchema = z.looseObject({ status: z.string(), vmid: vmid.optional() });
export const GuestConfigSchema = z.record(z.string(), z.unknown());
export const StorageListSchema = z.array(z.looseObject({ storage: z.string(), type: z.string() }));
export const StorageContentSchema = listCheck({ volid: 'string', format: 'string', size: 'number', vmid: 'vmid?' });
/**
 * RRD rows of both layouts (pve2 and PVE 9's pve-*-9.0): `time` plus numeric keys, each absent when there was no
 * sample; unknown (newer) keys pass through. Used as the type guide; the client checks long answers with rrdCheck.
 */
const num = z.number().optional();
const pressure = {
  pressurecpusome: num,
  pressurecpufull: num,
  pressureiosome: num,
  pressureiofull: num,
  pressurememorysome: num,
  pressurememoryfull: num,
};
export const NodeRrdSchema = z.array(
  z.looseObject({
    time: z.number(),
    cpu: num,
    iowait: num,
    loadavg: num,
    maxcpu: num,
    memtotal: num,
    memused: num,
    memavailable: num,
    arcsize: num,
    swaptotal: num,
    swapused: num,
    roottotal: num,
    rootused: num,
    netin: num,
    netout: num,
    ...pressure,
  }),
);
export const GuestRrdSchema = z.array(
  z.looseObject({
    time: z.number(),
    cpu: num,
    maxcpu: num,
    mem: num,
    maxmem: num,
    memhost: num,
    disk: num,
    maxdisk: num,
    netin: num,
    netout: num,
    diskread: num,
    diskwrite: num,
    ...pressure,
  }),
);
export const StorageRrdSchema = z.array(z.looseObject({ time: z.number(), total: num, used: num }));
/** Any RRD row: `time` and numbers (what every layout has in common). */
export const RrdSchema = z.array(z.looseObject({ time: z.number() }).catchall(z.number()));

/**
 * The same check as RrdSchema without copying (a PVE 9 year of 1440 rows per guest, hundreds of guests in a
 * backfill): every row an object with a numeric `time`, every other value a number.
 */
export const rrdCheck: FastCheck<Record<string, number>[]> = (data) => {
  if (!Array.isArray(data)) return { ok: false, where: '(root): expected array' };
  for (let i = 0; i < data.length; i++) {
    const row: unknown = data[i];
    if (typeof row !== 'object' || row === null) return { ok: false, where: `${i}: expected object` };
    const o = row as Record<string, unknown>;
    if (typeof o['time'] !== 'number') return { ok: false, where: `${i}.time: expected number` };
    for (const k in o) if (typeof o[k] !== 'number') return { ok: false, where: `${i}.${k}: expected number` };
  }
  return { ok: true, value: data as Record<string, number>[] };
};

export const AgentFileReadSchema = z
  .looseObject({ content: z.string(), truncated: z.union([z.boolean(), z.number()]).optional() })
  .transform((r) => (r.truncated ? { content: r.content, truncated: true } : { content: r.content }));
export const AgentInterfacesSchema = z.looseObject({ result: z.array(z.looseObject({ name: z.string() })) });
export const AgentPingSchema = z.looseObject({ result: z.unknown() });
export const TaskListSchema = z.array(z.looseObject({ upid: z.string(), starttime: z.number() }));
export const TaskStatusSchema = z.looseObject({ upid: z.string(), status: z.string() });
export const TaskLogSchema = z.array(z.looseObject({ n: z.number(), t: z.string() }));
export const SnapshotListSchema = z.array(z.looseObject({ name: z.string() }));
export const AptListSchema = z.array(z.looseObject({ Package: z.string(), Version: z.string() }));
export const UpidSchema = z.string().startsWith('UPID:');
/** vzdump answers 'OK' instead of a UPID when none of the selected guests is on the node. */
export const VzdumpAnswerSchema = z.union([UpidSchema, z.literal('OK')]);
export const TextSchema = z.string();
/** PVE answers the next vmid as a string ("101"); a number is taken too. */
export const NextIdSchema = z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(Number);
export const StorageStatusSchema = z.looseObject({
  type: z.string(),
  content: z.string(),
  active: z.number(),
  enabled: z.number(),
});
export const ClusterBackupJobsSchema = z.array(z.looseObject({ id: z.string(), schedule: z.string() }));
export const NotBackedUpSchema = z.array(z.looseObject({ vmid, type: z.enum(['qemu', 'lxc']) }));
export const AgentExecSchema = z.looseObject({ pid: z.number().int() });
export const AgentExecStatusSchema = z.looseObject({ exited: z.union([z.boolean(), z.literal(0), z.literal(1)]) });
/** null while the container is stopped. */
export const LxcInterfacesSchema = z.array(z.looseObject({ name: z.string() })).nullable();
/** ACL path -> privilege -> propagate flag (0|1). */
export const PermissionsSchema = z.record(z.string(), z.record(z.string(), z.number()));

export const PbsDatastoreListSchema = z.array(z.looseObject({ store: z.string() }));
export const PbsGroupListSchema = z.array(z.looseObject({ 'backup-type': z.string(), 'backup-id': z.string() }));
export const PbsSnapshotListSchema = z.array(
  z.looseObject({ 'backup-type': z.string(), 'backup-id': z.string(), 'backup-time': z.number() }),
);
export const PbsUsageSchema = z.array(z.looseObject({ store: z.string() }));
export const PbsGcStatusSchema = z.looseObject({ 'disk-bytes': z.number(), 'removed-bytes': z.number() });
export const PbsGcListSchema = z.array(z.looseObject({ store: z.string() }));
export const PbsJobListSchema = z.array(z.looseObject({ id: z.string(), store: z.string() }));
