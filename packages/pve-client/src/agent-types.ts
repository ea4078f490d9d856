/** What the QEMU guest agent answers through PVE (`/nodes/{node}/qemu/{vmid}/agent/…`) and LXC interfaces. */

/** `agent/file-read`: the file's text (at most 16 MiB; `truncated` when it was longer). */
export interface AgentFileContent {
  content: string;
  truncated?: boolean;
}

/** One entry of `agent/network-get-interfaces` (qemu-ga guest-network-get-interfaces). */
export interface AgentInterface {
  name: string;
  'hardware-address'?: string;
  'ip-addresses'?: { 'ip-address': string; 'ip-address-type': 'ipv4' | 'ipv6'; prefix: number }[];
  statistics?: {
    'rx-bytes': number;
    'rx-packets': number;
    'rx-errs': number;
    'rx-dropped': number;
    'tx-bytes': number;
    'tx-packets': number;
    'tx-errs': number;
    'tx-dropped': number;
  };
}

/** `agent/exec`: the pid of the process qemu-ga started (its result comes from `agent/exec-status`). */
export interface AgentExecStarted {
  pid: number;
}

/**
 * `agent/exec-status`: `exited` is 0 until the process ended (qemu-server converts qemu-ga's JSON booleans to
 * 0/1; typed loosely in case a version answers a boolean); `out-data` / `err-data` are the decoded output,
 * absent when empty.
 */
export interface AgentExecStatus {
  exited: boolean | 0 | 1;
  exitcode?: number;
  signal?: number;
  'out-data'?: string;
  'err-data'?: string;
  'out-truncated'?: boolean | 0 | 1;
  'err-truncated'?: boolean | 0 | 1;
}

/** `GET /nodes/{node}/lxc/{vmid}/interfaces`: a running container's interfaces (a NIC without link has no address). */
export interface LxcInterface {
  name: string;
  hwaddr: string;
  /** '192.168.1.5/24' */
  inet?: string;
  /** 'fe80::…/64' */
  inet6?: string;
}
