import { fileOpenError, guestFile, networkInterfaces } from '../agent';
import { runInGuest, spawnFailure, SPAWN_NOENT } from '../guest-probe';
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
type AgentCommand = 'audit' | 'file-read' | 'exec';

function checkAgentPriv(node: SimNode, identity: Identity, vmid: number, cmd: AgentCommand): void {
  const need = !atLeast(node.version, 9)
    ? 'VM.Monitor'
    : cmd === 'file-read'
      ? ['VM.GuestAgent.FileRead', 'VM.GuestAgent.Unrestricted']
      : cmd === 'exec'
        ? 'VM.GuestAgent.Unrestricted'
        : ['VM.GuestAgent.Audit', 'VM.GuestAgent.Unrestricted'];
  requirePriv(identity.privs, `/vms/${vmid}`, need);
}

/** QemuServer::Agent assert_agent_available: the config, then the VM, then qemu-ga (HTTP 500 each). */
function agentGuest(node: SimNode, vmid: number): SimGuest {
  const g = findGuest(node, 'qemu', vmid);
  if (!g.agent) throw new ApiError(500, 'No QEMU guest agent configured');
  if (g.status !== 'running') throw new ApiError(500, `VM ${vmid} is not running`);
  if (!g.agentRunning || g.paused) throw new ApiError(500, 'QEMU guest agent is not running');
  // qemu-ga starts with the guest's OS, a while after the VM itself.
  if (g.agentBootMs !== undefined && (g.startedAtMs ?? 0) + g.agentBootMs > Date.now()) {
    throw new ApiError(500, 'QEMU guest agent is not running');
  }
  return g;
}

const base = '/nodes/{node}/qemu/{vmid}/agent';

/** guest-exec: the process gets a pid at once and its result after a short run. */
function startExec(node: SimNode, g: SimGuest, command: string[]): { pid: number } {
  g.execs ??= new Map();
  let pid = 1000 + (g.vmid % 1000) * 10;
  for (const used of g.execs.keys()) pid = Math.max(pid, used + 1);
  const result = runInGuest(g, command, nowSec());
  g.execs.set(pid, { ...result, exitAtMs: Date.now() + Math.min(200, node.taskDurationMs) });
  // A guest keeps a bounded history (qemu-ga forgets finished processes once read, too).
  if (g.execs.size > 200) g.execs.delete(g.execs.keys().next().value ?? 0);
  return { pid };
}

/** guest-exec-status: `exited` as 0/1 (qemu-server converts JSON booleans), output decoded from base64. */
function execStatus(g: SimGuest, pid: number): Record<string, unknown> {
  const e = g.execs?.get(pid);
  if (!e) throw new ApiError(500, "Agent error: Invalid parameter 'pid'");
  if (Date.now() < e.exitAtMs) return { exited: 0 };
  const out: Record<string, unknown> = { exited: 1, exitcode: e.exitcode };
  if (e.out !== '') out['out-data'] = e.out;
  if (e.err !== '') out['err-data'] = e.err;
  return out;
}

export const agentRoutes: RouteDef<SimNode>[] = [
  {
    method: 'POST',
    path: `${base}/exec`,
    params: { command: { type: 'array' }, 'input-data': { type: 'string', optional: true } },
    handler: ({ state, params, identity }) => {
      const vmid = num(params['vmid']) ?? 0;
      checkAgentPriv(state, identity, vmid, 'exec');
      const g = agentGuest(state, vmid);
      const command = params['command'] as string[];
      // qemu-ga cannot start it (g_spawn fails): no program, or on Windows one CreateProcess does not find.
      const failure = command.length === 0 || command[0] === '' ? SPAWN_NOENT : spawnFailure(g, command);
      if (failure !== undefined) throw new ApiError(500, `Agent error: Guest agent command failed, error was '${failure}'`);
      return startExec(state, g, command);
    },
  },
  {
    method: 'GET',
    path: `${base}/exec-status`,
    params: { pid: { type: 'integer', min: 0 } },
    handler: ({ state, params, identity }) => {
      const vmid = num(params['vmid']) ?? 0;
      checkAgentPriv(state, identity, vmid, 'exec');
      return execStatus(agentGuest(state, vmid), num(params['pid']) ?? 0);
    },
  },
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
