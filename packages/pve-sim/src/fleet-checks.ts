import type { z } from 'zod';
import { catalogPackage } from './apt-catalog';
import type { RawFleet, RawNode } from './fleet-schema-parts';
import { DEFAULT_PVE_VERSION, isLxcOs, LXC_OSTYPES, QEMU_OSTYPES } from './fleet-units';
import { CPUS } from './generator-data';
import { pveVersionInfo } from './version';

/** Cross-field checks of a fleet description (names unique, clusters consistent, PBS storages, versions). */
export function checkFleet(f: RawFleet, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string): void => {
    ctx.addIssue({ code: 'custom', message, path });
  };
  const pbsName = f.pbs ? (f.pbs.name ?? 'pbs1') : undefined;
  const names = new Map<string, number>();
  f.nodes.forEach((n, i) => {
    const first = names.get(n.name);
    if (first !== undefined) issue(['nodes', i, 'name'], `'${n.name}' is already the name of nodes[${first}]`);
    else names.set(n.name, i);
  });
  if (pbsName !== undefined && names.has(pbsName)) {
    issue(['pbs', 'name'], `'${pbsName}' is already the name of a node${f.pbs?.name ? '' : ' (default PBS name)'}`);
  }
  const stores = new Set((f.pbs?.datastores ?? [{ name: 'store1' }]).map((d) => d.name));
  f.pbs?.datastores?.forEach((d, i) => {
    if (f.pbs?.datastores?.findIndex((x) => x.name === d.name) !== i)
      issue(['pbs', 'datastores', i, 'name'], `datastore '${d.name}' is listed twice`);
    if (d.totalBytes !== undefined && d.usedBytes !== undefined && d.usedBytes > d.totalBytes)
      issue(['pbs', 'datastores', i, 'usedBytes'], 'is larger than totalBytes');
  });
  f.nodes.forEach((n, i) => checkNode(n, ['nodes', i], f.pbs ? stores : undefined, issue));
  checkClusters(f, issue);
}

/** Members exist and belong to one cluster; vmids are unique within a cluster (they are cluster-wide in PVE). */
function checkClusters(f: RawFleet, issue: (path: (string | number)[], message: string) => void): void {
  const memberOf = new Map<string, string>();
  f.clusters?.forEach((c, i) => {
    if (f.clusters?.findIndex((x) => x.name === c.name) !== i)
      issue(['clusters', i, 'name'], `cluster '${c.name}' is listed twice`);
    const vmids = new Map<number, string>();
    c.nodes.forEach((name, j) => {
      const at = ['clusters', i, 'nodes', j];
      const node = f.nodes.find((n) => n.name === name);
      if (!node) return issue(at, `no node '${name}' in nodes`);
      const other = memberOf.get(name);
      if (other !== undefined) return issue(at, `'${name}' is already a member of cluster '${other}'`);
      memberOf.set(name, c.name);
      for (const g of node.guests ?? []) {
        if (g.vmid === undefined) continue;
        const first = vmids.get(g.vmid);
        if (first !== undefined) issue(at, `vmid ${g.vmid} is on '${first}' and '${name}': vmids are unique in a cluster`);
        else vmids.set(g.vmid, name);
      }
    });
  });
}

function checkNode(
  n: RawNode,
  at: (string | number)[],
  pbsStores: Set<string> | undefined,
  issue: (path: (string | number)[], message: string) => void,
): void {
  const cpu = CPUS.find((c) => c.model === n.cpuModel) ?? CPUS[0];
  const sockets = n.sockets ?? cpu.sockets;
  const cores = n.cores ?? cpu.cores;
  const threads = n.threads ?? cpu.threads;
  if (threads < sockets * cores) issue([...at, 'threads'], `must be at least sockets × cores (${sockets * cores})`);

  const vmids = new Map<number, number>();
  (n.guests ?? []).forEach((g, k) => {
    const gAt = [...at, 'guests', k];
    if (g.vmid !== undefined) {
      const first = vmids.get(g.vmid);
      if (first !== undefined) issue([...gAt, 'vmid'], `${g.vmid} is already used by guests[${first}] of this node`);
      else vmids.set(g.vmid, k);
    }
    const type = g.type ?? (g.ostype !== undefined && isLxcOs(g.ostype) ? 'lxc' : 'qemu');
    if (g.ostype !== undefined) {
      const allowed = type === 'lxc' ? LXC_OSTYPES : QEMU_OSTYPES;
      if (!allowed.includes(g.ostype))
        issue(
          [...gAt, 'ostype'],
          `'${g.ostype}' is not a ${type === 'lxc' ? 'container' : 'VM'} OS type (${allowed.join(', ')})`,
        );
    }
    if (g.status === 'paused' && type === 'lxc') issue([...gAt, 'status'], "'paused' is for VMs (qemu) only");
    const snaps = new Set<string>();
    (g.snapshots ?? []).forEach((s, j) => {
      if (snaps.has(s.name)) issue([...gAt, 'snapshots', j, 'name'], `snapshot '${s.name}' is listed twice`);
      snaps.add(s.name);
      if (s.name === 'current' || s.name === 'pending') issue([...gAt, 'snapshots', j, 'name'], `'${s.name}' is a reserved name`);
    });
  });

  const ids = new Set<string>();
  (n.storages ?? []).forEach((s, k) => {
    const sAt = [...at, 'storages', k];
    if (ids.has(s.id)) issue([...sAt, 'id'], `storage '${s.id}' is listed twice`);
    ids.add(s.id);
    if (s.type === 'pbs') {
      if (!pbsStores) issue([...sAt, 'type'], "a 'pbs' storage needs the fleet's pbs");
      else if (s.datastore === undefined) issue([...sAt, 'datastore'], 'required for a storage of type pbs');
      else if (!pbsStores.has(s.datastore))
        issue([...sAt, 'datastore'], `the pbs has no datastore '${s.datastore}' (${[...pbsStores].join(', ')})`);
      if (s.backups?.length) issue([...sAt, 'backups'], 'backups of a pbs storage are the snapshots of its PBS datastore');
    } else if (s.datastore !== undefined) {
      issue([...sAt, 'datastore'], 'only for a storage of type pbs');
    }
    if (s.totalBytes !== undefined && s.usedBytes !== undefined && s.usedBytes > s.totalBytes)
      issue([...sAt, 'usedBytes'], 'is larger than totalBytes');
  });

  const v = pveVersionInfo(n.pveVersion ?? DEFAULT_PVE_VERSION);
  (n.aptUpdates ?? []).forEach((p, k) => {
    const old = p.OldVersion ?? catalogPackage(p.Package, v)?.OldVersion;
    if (old === undefined)
      issue([...at, 'aptUpdates', k, 'OldVersion'], `required: '${p.Package}' is not in the simulator's catalogue`);
    else if (old === p.Version)
      issue([...at, 'aptUpdates', k, 'Version'], `equals the installed version ${old}: not a pending update`);
  });

  const jobIds = new Set<string>();
  (n.backupJobs ?? []).forEach((j, k) => {
    const jAt = [...at, 'backupJobs', k];
    if (jobIds.has(j.id)) issue([...jAt, 'id'], `job '${j.id}' is listed twice`);
    jobIds.add(j.id);
    if (j.all && j.vmid !== undefined) issue([...jAt, 'all'], "conflicts with 'vmid'");
    if (!j.all && j.vmid === undefined && j.pool === undefined) issue([...jAt, 'vmid'], "set 'vmid', 'all' or 'pool'");
    if (j.exclude !== undefined && !j.all) issue([...jAt, 'exclude'], "only with 'all'");
  });

  (n.tasks ?? []).forEach((t, k) => {
    if (t.endtime < t.starttime) issue([...at, 'tasks', k, 'endtime'], 'is before starttime');
  });
}
