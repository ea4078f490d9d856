import { SimNode } from './node-state';
import { PbsApp } from './pbs-app';
import { SimPbs } from './pbs-state';
import { PveApp } from './pve-app';
import { hashString } from './rng';
import { ServerShell } from './server-shell';
import { createCertificate, type SimCertificate } from './tls';
import type { Fault, FleetSpec, SimNodeInfo, SimPbsInfo } from './types';

export interface StartFleetOptions {
  host?: string;
  /** Ports for the nodes, then the PBS; default ephemeral. */
  ports?: number[];
  taskDurationMs?: number;
  authFailDelayMs?: number;
}

export interface Fleet {
  nodes: SimNodeInfo[];
  pbs?: SimPbsInfo;
  spec: FleetSpec;
  /** Fault on a node (or the PBS, by its name); null clears it. A rotated certificate stays rotated. */
  setFault(node: string, fault: Fault | null): void;
  node(name: string): SimNode;
  pbsState(): SimPbs | undefined;
  close(): Promise<void>;
}

/** Starts every node (and the PBS) of the spec on its own HTTPS port. */
export async function startFleet(spec: FleetSpec, opts: StartFleetOptions = {}): Promise<Fleet> {
  const host = opts.host ?? '127.0.0.1';
  const seed = spec.seed ?? 1;
  const taskDurationMs = opts.taskDurationMs ?? spec.taskDurationMs ?? 1500;
  const authFailDelayMs = opts.authFailDelayMs ?? spec.authFailDelayMs ?? 0;
  const ticketLifetimeSec = spec.ticketLifetimeSec ?? 7200;
  // One certificate for every node (key generation is the slow part), another for the PBS.
  const [nodeCert, pbsCert] = await Promise.all([
    createCertificate('pve', 'Proxmox Virtual Environment'),
    createCertificate('pbs', 'Proxmox Backup Server'),
  ]);

  const pbs = spec.pbs ? new SimPbs(spec.pbs, ticketLifetimeSec) : undefined;
  const nodes = new Map<string, { state: SimNode; shell: ServerShell; info: SimNodeInfo }>();
  const shells: ServerShell[] = [];
  try {
    await Promise.all(
      spec.nodes.map(async (nodeSpec, i) => {
        const state = new SimNode(nodeSpec, { taskDurationMs, ticketLifetimeSec, authFailDelayMs, ...(pbs ? { pbs } : {}) });
        state.fingerprint = nodeCert.fingerprint;
        const shell = new ServerShell(nodeCert, nodeSpec.name, 'Proxmox Virtual Environment', new PveApp(state), {
          latencyMs: nodeSpec.latencyMs ?? 0,
          seed: seed ^ hashString(nodeSpec.name),
        });
        shells.push(shell);
        await shell.listen(opts.ports?.[i] ?? 0, host);
        shell.prepareRotation();
        const info: SimNodeInfo = {
          name: nodeSpec.name,
          url: `https://${host}:${shell.port}`,
          port: shell.port,
          fingerprint: nodeCert.fingerprint,
          certificatePem: nodeCert.cert,
          username: 'root@pam',
          password: state.password,
          tokenId: 'root@pam!portal',
          tokenSecret: state.tokenSecret,
          readonlyTokenId: 'root@pam!monitor',
          readonlyTokenSecret: state.readonlyTokenSecret,
        };
        nodes.set(nodeSpec.name, { state, shell, info });
        if (nodeSpec.fault) applyFault(shell, state.auth, nodeSpec.fault, (cert) => setCertificate(info, state, cert));
      }),
    );
  } catch (err) {
    await Promise.all(shells.map((s) => s.close()));
    throw err;
  }

  let pbsEntry: { shell: ServerShell; info: SimPbsInfo } | undefined;
  if (pbs && spec.pbs) {
    const shell = new ServerShell(pbsCert, spec.pbs.name, 'Proxmox Backup Server', new PbsApp(pbs, () => authFailDelayMs), {
      latencyMs: spec.pbs.latencyMs ?? 0,
      seed: seed ^ hashString(spec.pbs.name),
    });
    shells.push(shell);
    await shell.listen(opts.ports?.[spec.nodes.length] ?? 0, host);
    shell.prepareRotation();
    const info: SimPbsInfo = {
      name: spec.pbs.name,
      url: `https://${host}:${shell.port}`,
      port: shell.port,
      fingerprint: pbsCert.fingerprint,
      certificatePem: pbsCert.cert,
      username: 'root@pam',
      password: pbs.password,
      tokenId: 'root@pam!portal',
      tokenSecret: pbs.tokenSecret,
      datastores: spec.pbs.datastores.map((d) => d.name),
    };
    pbsEntry = { shell, info };
    if (spec.pbs.fault)
      applyFault(shell, pbs.auth, spec.pbs.fault, (cert) =>
        Object.assign(info, { fingerprint: cert.fingerprint, certificatePem: cert.cert }),
      );
  }

  const ordered = spec.nodes.map((n) => nodes.get(n.name)?.info).filter((i): i is SimNodeInfo => i !== undefined);
  return {
    nodes: ordered,
    ...(pbsEntry ? { pbs: pbsEntry.info } : {}),
    spec,
    setFault(name, fault) {
      const n = nodes.get(name);
      if (n) {
        applyFault(n.shell, n.state.auth, fault, (cert) => setCertificate(n.info, n.state, cert));
        return;
      }
      if (pbsEntry && pbs && name === pbsEntry.info.name) {
        const entry = pbsEntry;
        applyFault(entry.shell, pbs.auth, fault, (cert) =>
          Object.assign(entry.info, { fingerprint: cert.fingerprint, certificatePem: cert.cert }),
        );
        return;
      }
      throw new Error(`no simulated node '${name}'`);
    },
    node(name) {
      const n = nodes.get(name);
      if (!n) throw new Error(`no simulated node '${name}'`);
      return n.state;
    },
    pbsState: () => pbs,
    async close() {
      for (const n of nodes.values()) n.state.runner.close();
      pbs?.runner.close();
      await Promise.all(shells.map((s) => s.close()));
    },
  };
}

function setCertificate(info: SimNodeInfo, state: SimNode, cert: SimCertificate): void {
  info.fingerprint = cert.fingerprint;
  info.certificatePem = cert.cert;
  state.fingerprint = cert.fingerprint;
}

function applyFault(
  shell: ServerShell,
  auth: { expiredBeforeMs: number },
  fault: Fault | null,
  onRotate: (cert: SimCertificate) => void,
): void {
  if (fault?.kind === 'expire-tickets') auth.expiredBeforeMs = Date.now() + 1;
  if (fault?.kind === 'rotate-certificate') {
    shell
      .rotateCertificate()
      .then((cert) => {
        onRotate(cert);
        shell.prepareRotation();
      })
      .catch((err: unknown) => process.emitWarning(`pve-sim: certificate rotation failed: ${String(err)}`));
  }
  shell.setFault(fault);
}
