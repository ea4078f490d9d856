import { linkClusters, moveGuest } from './cluster';
import { SimNode } from './node-state';
import { PbsApp } from './pbs-app';
import { SimPbs } from './pbs-state';
import { PveApp } from './pve-app';
import type { SimRequestStats } from './request-stats';
import { hashString } from './rng';
import { ServerShell } from './server-shell';
import { SimControl } from './sim-control';
import { createCertificate } from './tls';
import { TaskGate } from './tasks';
import { probeOf } from './guest-probe';
import type { GuestProbe, SimQuirks } from './restore-types';
import type { Fault, FleetSpec, SimNodeInfo, SimPbsInfo, SnapshotFault } from './types';

export interface StartFleetOptions {
  host?: string;
  /** Ports for the nodes, then the PBS; default ephemeral. */
  ports?: number[];
  taskDurationMs?: number;
  authFailDelayMs?: number;
  /**
   * The nodes' time in epoch ms (default the real one): what their counters, uptimes, rrddata, load windows and
   * tasks' times follow, so a test moves minutes without waiting for them. Tickets, certificates, task durations and
   * the PBS keep the real time.
   */
  now?: () => number;
}

export interface Fleet {
  nodes: SimNodeInfo[];
  pbs?: SimPbsInfo;
  spec: FleetSpec;
  /**
   * Fault on a node (or the PBS, by its name); null clears it. Resolves once the fault is in effect (open
   * connections dropped and new ones reset for 'refuse', which keeps the port; new certificate served and in
   * `nodes[i].fingerprint`). Throws at once for an unknown name. A rotated certificate stays rotated.
   */
  setFault(node: string, fault: Fault | null): Promise<void>;
  node(name: string): SimNode;
  /**
   * Puts a guest under a lock ('backup', 'snapshot', 'migrate'…) or clears it (null), as if another
   * job held it: actions and snapshot tasks on it then fail `VM is locked (backup)`. Throws for an
   * unknown node or vmid.
   */
  setGuestLock(node: string, vmid: number, lock: string | null): void;
  /**
   * While set, the guest's snapshot tasks (create, delete without force, rollback) fail at their
   * storage step with `fault.message` (default `snapshot <op> failed: simulated storage error`); null clears it.
   */
  setSnapshotFault(node: string, vmid: number, fault: SnapshotFault | null): void;
  /**
   * Moves a guest to another member of its cluster at once, as a finished migration would (tests
   * arranging a state; the API's migrate runs as a task). Throws when the vmid is on no member of
   * `targetNode`'s cluster, or the target is not clustered.
   */
  migrateGuest(vmid: number, targetNode: string): void;
  /**
   * What a guest's services answer to probes run through its agent (as `POST /_sim/guests/{vmid}/probe`):
   * listening `tcpPorts` (default 22, 80, 443, 8080), the `http` answer, `execFail`; null restores the defaults.
   */
  setGuestProbe(node: string, vmid: number, probe: Partial<GuestProbe> | null): void;
  /**
   * Holds every task of the fleet at its end (tests looking at a task while it runs, on a machine of any speed): a
   * task whose time is up stays 'running' until `releaseTasks()` ends the held ones in the order they came due.
   */
  holdTasks(): void;
  releaseTasks(): void;
  /** Fleet-wide test switches (as `POST /_sim/quirks`): `ignoreLinkDown` makes restores drop link_down. */
  setQuirks(quirks: Partial<SimQuirks>): void;
  /** Pins a node's free memory in bytes (null unpins), as `POST /_sim/nodes/{node}/memory`. */
  setNodeFreeMemory(node: string, freeBytes: number | null): void;
  /** The next verifications of those PBS snapshots find corrupt chunks (as the PBS's `/_sim/datastores/{store}/verify-fault`). */
  setVerifyFault(store: string, snapshot: { type: 'vm' | 'ct' | 'host'; id: string; time?: number }, fail: boolean): void;
  /** What `GET /_sim/stats` on that node answers: the /api2 requests it received since start or the last reset. */
  requestStats(node: string): SimRequestStats;
  /** Resets one node's request counters, or every node's (like `POST /_sim/stats/reset`). */
  resetRequestStats(node?: string): void;
  pbsState(): SimPbs | undefined;
  close(): Promise<void>;
}

const PVE_ORG = 'Proxmox Virtual Environment';
const PBS_ORG = 'Proxmox Backup Server';

/** Starts every node (and the PBS) of the spec on its own HTTPS port. */
export async function startFleet(spec: FleetSpec, opts: StartFleetOptions = {}): Promise<Fleet> {
  const host = opts.host ?? '127.0.0.1';
  const seed = spec.seed ?? 1;
  const taskDurationMs = opts.taskDurationMs ?? spec.taskDurationMs ?? 1500;
  const authFailDelayMs = opts.authFailDelayMs ?? spec.authFailDelayMs ?? 0;
  const ticketLifetimeSec = spec.ticketLifetimeSec ?? 7200;
  const names = [...spec.nodes.map((n) => n.name), ...(spec.pbs ? [spec.pbs.name] : [])];
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate !== undefined) throw new Error(`pve-sim: the name '${duplicate}' is used twice in the fleet`);
  // Each host has its own self-signed certificate (CN = its name, own serial, so its own fingerprint). They
  // share one RSA key per process: key generation is the slow part, signing a certificate takes ~1 ms.
  const [nodeCerts, pbsCert] = await Promise.all([
    Promise.all(spec.nodes.map((n) => createCertificate(n.name, PVE_ORG))),
    spec.pbs ? createCertificate(spec.pbs.name, PBS_ORG) : undefined,
  ]);

  const pbs = spec.pbs ? new SimPbs(spec.pbs, ticketLifetimeSec) : undefined;
  const taskGate = new TaskGate();
  if (pbs) {
    pbs.taskDurationMs = taskDurationMs;
    pbs.runner.gate = taskGate;
  }
  const nodes = new Map<string, { state: SimNode; shell: ServerShell; info: SimNodeInfo }>();
  const control = new SimControl();
  const shells: ServerShell[] = [];
  let pbsEntry: { shell: ServerShell; info: SimPbsInfo } | undefined;
  try {
    await Promise.all(
      spec.nodes.map(async (nodeSpec, i) => {
        const cert = nodeCerts[i]!;
        const state = new SimNode(nodeSpec, {
          taskDurationMs,
          ticketLifetimeSec,
          authFailDelayMs,
          quirks: control.quirks,
          ...(pbs ? { pbs } : {}),
          ...(opts.now ? { now: opts.now } : {}),
        });
        state.fingerprint = cert.fingerprint;
        state.runner.gate = taskGate;
        const info: SimNodeInfo = {
          name: nodeSpec.name,
          url: '',
          port: 0,
          fingerprint: cert.fingerprint,
          certificatePem: cert.cert,
          username: 'root@pam',
          password: state.password,
          tokenId: 'root@pam!portal',
          tokenSecret: state.tokenSecret,
          readonlyTokenId: 'root@pam!monitor',
          readonlyTokenSecret: state.readonlyTokenSecret,
        };
        const shell = new ServerShell(cert, nodeSpec.name, PVE_ORG, new PveApp(state, control), {
          latencyMs: nodeSpec.latencyMs ?? 0,
          seed: seed ^ hashString(nodeSpec.name),
          onCertificate: (next) => {
            info.fingerprint = next.fingerprint;
            info.certificatePem = next.cert;
            state.fingerprint = next.fingerprint;
          },
        });
        shells.push(shell);
        await shell.listen(opts.ports?.[i] ?? 0, host);
        shell.prepareRotation();
        info.port = shell.port;
        info.url = `https://${urlHost(host)}:${shell.port}`;
        nodes.set(nodeSpec.name, { state, shell, info });
        if (nodeSpec.fault) await applyFault(shell, state, nodeSpec.fault);
      }),
    );

    linkClusters(spec, new Map([...nodes].map(([name, n]) => [name, n.state])));

    if (pbs && spec.pbs && pbsCert) {
      const info: SimPbsInfo = {
        name: spec.pbs.name,
        url: '',
        port: 0,
        fingerprint: pbsCert.fingerprint,
        certificatePem: pbsCert.cert,
        username: 'root@pam',
        password: pbs.password,
        tokenId: 'root@pam!portal',
        tokenSecret: pbs.tokenSecret,
        datastores: spec.pbs.datastores.map((d) => d.name),
      };
      const shell = new ServerShell(pbsCert, spec.pbs.name, PBS_ORG, new PbsApp(pbs, () => authFailDelayMs), {
        latencyMs: spec.pbs.latencyMs ?? 0,
        seed: seed ^ hashString(spec.pbs.name),
        onCertificate: (next) => Object.assign(info, { fingerprint: next.fingerprint, certificatePem: next.cert }),
      });
      shells.push(shell);
      await shell.listen(opts.ports?.[spec.nodes.length] ?? 0, host);
      shell.prepareRotation();
      info.port = shell.port;
      info.url = `https://${urlHost(host)}:${shell.port}`;
      pbsEntry = { shell, info };
      if (spec.pbs.fault) await applyFault(shell, pbs, spec.pbs.fault);
    }
  } catch (err) {
    for (const n of nodes.values()) n.state.runner.close();
    pbs?.runner.close();
    await Promise.all(shells.map((s) => s.close()));
    throw err;
  }

  const nodeState = (name: string): SimNode => {
    const n = nodes.get(name);
    if (!n) throw new Error(`no simulated node '${name}'`);
    return n.state;
  };
  control.attach({
    nodes: () => [...nodes.values()].map((n) => n.state),
    setFault: (name, fault) => {
      const n = nodes.get(name);
      if (!n) return Promise.reject(new Error(`no simulated node '${name}'`));
      return applyFault(n.shell, n.state, fault);
    },
  });
  const ordered = spec.nodes.map((n) => nodes.get(n.name)?.info).filter((i): i is SimNodeInfo => i !== undefined);
  return {
    nodes: ordered,
    ...(pbsEntry ? { pbs: pbsEntry.info } : {}),
    spec,
    setFault(name, fault) {
      const n = nodes.get(name);
      const target =
        n !== undefined
          ? { shell: n.shell, state: n.state }
          : pbsEntry && pbs && name === pbsEntry.info.name
            ? { shell: pbsEntry.shell, state: pbs }
            : undefined;
      if (!target) throw new Error(`no simulated node '${name}'`);
      const done = applyFault(target.shell, target.state, fault);
      // Callers that do not await still learn about a failure, and it never becomes an unhandled rejection.
      done.catch((err: unknown) => process.emitWarning(err instanceof Error ? err.message : String(err)));
      return done;
    },
    node: nodeState,
    setGuestLock: (name, vmid, lock) => nodeState(name).setGuestLock(vmid, lock),
    setSnapshotFault: (name, vmid, fault) => nodeState(name).setSnapshotFault(vmid, fault),
    migrateGuest(vmid, targetNode) {
      const target = nodeState(targetNode);
      if (!target.cluster) throw new Error(`pve-sim: ${targetNode} is not in a cluster`);
      const source = target.cluster.members.find((m) => m.guests.has(vmid));
      if (!source) throw new Error(`pve-sim: no guest ${vmid} in cluster '${target.cluster.name}'`);
      if (source !== target) moveGuest(source, target, vmid);
    },
    setGuestProbe(name, vmid, probe) {
      const g = nodeState(name).guest(vmid);
      if (probe === null) delete g.probe;
      else g.probe = { ...probeOf(g), ...probe };
    },
    holdTasks: () => taskGate.hold(),
    releaseTasks: () => taskGate.release(),
    setQuirks: (q) => Object.assign(control.quirks, q),
    setNodeFreeMemory(name, freeBytes) {
      const n = nodeState(name);
      if (freeBytes === null) delete n.memFreePinned;
      else n.memFreePinned = Math.min(freeBytes, n.spec.memoryBytes);
    },
    setVerifyFault(store, snap, fail) {
      const ds = pbs?.datastores.get(store);
      if (!ds) throw new Error(`pve-sim: no PBS datastore '${store}'`);
      const hit = ds.snapshots.filter(
        (s) => s.type === snap.type && s.id === snap.id && (snap.time === undefined || s.time === snap.time),
      );
      if (hit.length === 0) throw new Error(`pve-sim: no snapshot ${snap.type}/${snap.id} in '${store}'`);
      for (const s of hit) s.verifyFault = fail;
    },
    requestStats: (name) => nodeState(name).requestStats.snapshot(),
    resetRequestStats(name) {
      for (const n of name === undefined ? [...nodes.values()].map((x) => x.state) : [nodeState(name)]) n.requestStats.reset();
    },
    pbsState: () => pbs,
    async close() {
      control.close();
      for (const n of nodes.values()) n.state.runner.close();
      pbs?.runner.close();
      await Promise.all(shells.map((s) => s.close()));
    },
  };
}

/** An IPv6 literal needs brackets in a URL. */
function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function applyFault(shell: ServerShell, state: SimNode | SimPbs, fault: Fault | null): Promise<void> {
  if (fault?.kind === 'expire-tickets') state.auth.expiredBeforeMs = Date.now() + 1;
  if (state instanceof SimNode) {
    // What the node's cluster peers see of it.
    if (fault?.kind === 'refuse') state.down = 'refused';
    else if (fault?.kind === 'hang') state.down = 'hung';
    else delete state.down;
  }
  return shell.setFault(fault);
}
