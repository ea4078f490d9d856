import { fileOpenError, guestFile, networkInterfaces } from '../agent';
import { requirePriv, type Identity } from '../auth';
import type { SimNode } from '../node-state';
import { ApiError, num, str, type RouteDef } from '../router';
import type { SimGuest } from '../types';
import { atLeast } from '../version';
import { findGuest, nowSec } from './common';

/**
 * qemu-server PVE/API2/Qemu/Agent.pm: guest agent commands of a VM (containers have none: their paths are not
 * implemented, 501). Privileges: VM.Monitor up to PVE 8; PVE 9 split it into VM.GuestAgent.* (Audit for
 * ping and network-get-interfaces, FileRead for file-read, Unrestricted covering both).
 */
type AgentCommand = 'audit' | 'file-read';

function checkAgentPriv(node: SimNode, identity: Identity, vmid: number, cmd: AgentCommand): void {
  const need = !atLeast(node.version, 9)
    ? 'VM.Monitor'
    : cmd === 'file-read'
      ? ['VM.GuestAgent.FileRead', 'VM.GuestAgent.Unrestricted']
      : ['VM.GuestAgent.Audit', 'VM.GuestAgent.Unrestricted'];
  requirePriv(identity.privs, `/vms/${vmid}`, need);
}

/** QemuServer::Agent assert_agent_available: the config, then the VM, then qemu-ga (HTTP 500 each). */
function agentGuest(node: SimNode, vmid: number): SimGuest {
  const g = findGuest(node, 'qemu', vmid);
  if (!g.agent) throw new ApiError(500, 'No QEMU guest agent configured');
  if (g.status !== 'running') throw new ApiError(500, `VM ${vmid} is not running`);
  if (!g.agentRunning || g.paused) throw new ApiError(500, 'QEMU guest agent is not running');
  return g;
}

const base = '/nodes/{node}/qemu/{vmid}/agent';

export const agentRoutes: RouteDef<SimNode>[] = [
  {
    method: 'POST',
    path: `${base}/ping`,
    handler: ({ state, params, identity }) => {
      const vmid = num(params['vmid']) ?? 0;
      checkAgentPriv(state, identity, vmid, 'audit');
      agentGuest(state, vmid);
      return { result: {} };
    },
  },
  {
    method: 'GET',
    path: `${base}/network-get-interfaces`,
    handler: ({ state, params, identity }) => {
      const vmid = num(params['vmid']) ?? 0;
      checkAgentPriv(state, identity, vmid, 'audit');
      return { result: networkInterfaces(agentGuest(state, vmid), nowSec()) };
    },
  },
  {
    method: 'GET',
    path: `${base}/file-read`,
    params: { file: { type: 'string' } },
    handler: ({ state, params, identity }) => {
      const vmid = num(params['vmid']) ?? 0;
      checkAgentPriv(state, identity, vmid, 'file-read');
      const g = agentGuest(state, vmid);
      const file = str(params['file']) ?? '';
      const content = guestFile(g, file, nowSec());
      if (content === undefined) throw new ApiError(500, fileOpenError(g, file));
      return { content, 'bytes-read': Buffer.byteLength(content) };
    },
  },
];
