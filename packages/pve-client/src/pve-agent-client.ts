import type { AgentExecStarted, AgentExecStatus, AgentFileContent, AgentInterface, LxcInterface } from './agent-types';
import { path } from './params';
import { PveClientBase } from './pve-client-base';
import type { RequestOptions } from './pve-types';
import * as S from './schemas';

/**
 * The QEMU guest agent through PVE (`/nodes/{node}/qemu/{vmid}/agent/…`) and a container's interfaces. Refusals
 * are PveErrors (HTTP 500) that agentUnavailable() names: 'not_configured' ("No QEMU guest agent configured"),
 * 'not_running' ("QEMU guest agent is not running", also while qemu-ga is still booting, or "VM 100 is not
 * running"). Privileges: VM.Monitor (PVE 8); PVE 9 VM.GuestAgent.Audit (ping, interfaces), .FileRead, and
 * .Unrestricted (exec).
 */
export class PveAgentClient extends PveClientBase {
  /** POST …/agent/ping: resolves when qemu-ga answers. */
  async agentPing(node: string, vmid: number, req?: RequestOptions): Promise<void> {
    const p = path`/nodes/${node}/qemu/${vmid}/agent/ping`;
    this.core.check(S.AgentPingSchema, await this.send('POST', p, undefined, req), 'POST', p);
  }

  /** GET …/agent/file-read (at most 16 MiB). */
  agentFileRead(node: string, vmid: number, file: string, req?: RequestOptions): Promise<AgentFileContent> {
    return this.read(path`/nodes/${node}/qemu/${vmid}/agent/file-read`, S.AgentFileReadSchema, { file }, req);
  }

  /** GET …/agent/network-get-interfaces: the guest's interfaces, MACs, addresses and counters. */
  async agentNetworkInterfaces(node: string, vmid: number, req?: RequestOptions): Promise<AgentInterface[]> {
    const res = await this.read<{ result: AgentInterface[] }>(
      path`/nodes/${node}/qemu/${vmid}/agent/network-get-interfaces`,
      S.AgentInterfacesSchema,
      undefined,
      req,
    );
    return res.result;
  }

  /**
   * POST …/agent/exec: starts `command` (program and arguments, e.g. ['sh', '-c', 'curl -s http://127.0.0.1/'])
   * inside the guest; sent as repeated `command` form keys, never joined. Poll agentExecStatus for the result.
   */
  agentExec(
    node: string,
    vmid: number,
    command: string[],
    opts: { inputData?: string } & RequestOptions = {},
  ): Promise<AgentExecStarted> {
    const { inputData, ...req } = opts;
    const p = path`/nodes/${node}/qemu/${vmid}/agent/exec`;
    return this.sendChecked(
      p,
      S.AgentExecSchema,
      { command, ...(inputData !== undefined ? { 'input-data': inputData } : {}) },
      req,
    );
  }

  /** GET …/agent/exec-status?pid=: `exited` 0 while it runs, then `exitcode` and the output. */
  agentExecStatus(node: string, vmid: number, pid: number, req?: RequestOptions): Promise<AgentExecStatus> {
    return this.read(path`/nodes/${node}/qemu/${vmid}/agent/exec-status`, S.AgentExecStatusSchema, { pid }, req);
  }

  /** GET /nodes/{node}/lxc/{vmid}/interfaces: a running container's interfaces; [] while it is stopped (PVE: null). */
  async lxcInterfaces(node: string, vmid: number, req?: RequestOptions): Promise<LxcInterface[]> {
    const list = await this.read<LxcInterface[] | null>(
      path`/nodes/${node}/lxc/${vmid}/interfaces`,
      S.LxcInterfacesSchema,
      undefined,
      req,
    );
    return list ?? [];
  }
}
