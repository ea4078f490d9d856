import type { SimNode } from './node-state';
import type { BackupJob } from './restore-types';
import type { ClusterSpec, FleetSpec, SimGuest } from './types';

/**
 * A PVE cluster of simulated nodes. Each member keeps its own port, certificate and credentials (the
 * portal adds hosts one by one); what makes them a cluster is what pmxcfs/corosync share: every member
 * answers /cluster/status, /cluster/resources and /nodes for all, and serves /nodes/{other}/… by
 * proxying to that member (pveproxy `proxyto`).
 */
export class SimCluster {
  /** /etc/pve/jobs.cfg: the backup jobs every member lists. */
  readonly backupJobs: BackupJob[];

  constructor(
    readonly name: string,
    /** In nodeid order (nodeid = index + 1). */
    readonly members: SimNode[],
  ) {
    this.backupJobs = members.flatMap((m) => m.backupJobs);
  }

  /** corosync config_version: one change per joined node. */
  get version(): number {
    return this.members.length;
  }

  member(name: string): SimNode | undefined {
    return this.members.find((m) => m.name === name);
  }

  nodeid(node: SimNode): number {
    return this.members.indexOf(node) + 1;
  }

  /** A majority of the members is online. */
  get quorate(): boolean {
    return this.members.filter((m) => m.online).length * 2 > this.members.length;
  }
}

/** The members a node answers for: its cluster's, or itself alone. */
export function membersOf(node: SimNode): SimNode[] {
  return node.cluster?.members ?? [node];
}

/** The backup jobs a node answers for: its cluster's (pmxcfs), or its own. */
export function backupJobsOf(node: SimNode): BackupJob[] {
  return node.cluster?.backupJobs ?? node.backupJobs;
}

/** The guest with that vmid on the node's cluster (vmids are cluster-wide), and the member holding it. */
export function findClusterGuest(node: SimNode, vmid: number): { node: SimNode; guest: SimGuest } | undefined {
  for (const m of membersOf(node)) {
    const g = m.guests.get(vmid);
    if (g) return { node: m, guest: g };
  }
  return undefined;
}

/** Checks the spec's clusters against its nodes and links the nodes of each (startFleet). */
export function linkClusters(spec: FleetSpec, nodes: ReadonlyMap<string, SimNode>): void {
  const seen = new Set<string>();
  for (const c of spec.clusters ?? []) {
    const members = c.nodes.map((name) => member(c, name, nodes, seen));
    const cluster = new SimCluster(c.name, members);
    const vmids = new Map<number, string>();
    for (const m of members) {
      m.cluster = cluster;
      for (const vmid of m.guests.keys()) {
        const other = vmids.get(vmid);
        if (other !== undefined) throw new Error(`pve-sim: vmid ${vmid} is on '${other}' and '${m.name}' of cluster '${c.name}'`);
        vmids.set(vmid, m.name);
      }
    }
  }
}

function member(c: ClusterSpec, name: string, nodes: ReadonlyMap<string, SimNode>, seen: Set<string>): SimNode {
  const node = nodes.get(name);
  if (!node) throw new Error(`pve-sim: cluster '${c.name}' lists '${name}', which is not a node of the fleet`);
  if (seen.has(name)) throw new Error(`pve-sim: '${name}' is in more than one cluster`);
  seen.add(name);
  return node;
}

/** Moves a guest between members at once (the effect of a migration). */
export function moveGuest(from: SimNode, to: SimNode, vmid: number): void {
  const g = from.guest(vmid);
  if (to.guests.has(vmid)) throw new Error(`pve-sim: ${to.name} already has a guest ${vmid}`);
  from.guests.delete(vmid);
  to.guests.set(vmid, g);
}
