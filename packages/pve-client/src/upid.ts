/** A decoded task id (pve-common UPID.pm; PBS adds a task counter and escapes the id). */
export interface ParsedUpid {
  product: 'pve' | 'pbs';
  node: string;
  pid: number;
  pstart: number;
  /** PBS only */
  taskId?: number;
  starttime: number;
  type: string;
  id: string;
  /** 'root@pam' */
  user: string;
  /** 'portal' when the task was started with an API token */
  tokenid?: string;
  /** 'root@pam!portal' */
  authid: string;
}

const PVE_RE =
  /^UPID:([a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?):([0-9A-Fa-f]{8}):([0-9A-Fa-f]{8,9}):([0-9A-Fa-f]{8}):([^:\s/]+):([^:\s/]*):([^:\s/]+):$/;
const PBS_RE =
  /^UPID:([a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?):([0-9A-Fa-f]{8}):([0-9A-Fa-f]{8,9}):([0-9A-Fa-f]{8,16}):([0-9A-Fa-f]{8}):([^:\s]+):([^:\s]*):([^:\s]+):$/;

/** Parses a PVE or PBS UPID; null when it is not one. */
export function parseUpid(upid: string): ParsedUpid | null {
  const pve = PVE_RE.exec(upid);
  if (pve) {
    return withUser(
      {
        product: 'pve',
        node: pve[1] ?? '',
        pid: hex(pve[3]),
        pstart: hex(pve[4]),
        starttime: hex(pve[5]),
        type: pve[6] ?? '',
        id: pve[7] ?? '',
      },
      pve[8] ?? '',
    );
  }
  const pbs = PBS_RE.exec(upid);
  if (pbs) {
    return withUser(
      {
        product: 'pbs',
        node: pbs[1] ?? '',
        pid: hex(pbs[3]),
        pstart: hex(pbs[4]),
        taskId: hex(pbs[5]),
        starttime: hex(pbs[6]),
        type: pbs[7] ?? '',
        id: unescapeSystemd(pbs[8] ?? ''),
      },
      pbs[9] ?? '',
    );
  }
  return null;
}

function withUser(base: Omit<ParsedUpid, 'user' | 'authid' | 'tokenid'>, authid: string): ParsedUpid {
  const i = authid.indexOf('!');
  if (i < 0) return { ...base, user: authid, authid };
  return { ...base, user: authid.slice(0, i), tokenid: authid.slice(i + 1), authid };
}

const hex = (s: string | undefined): number => parseInt(s ?? '0', 16);

function unescapeSystemd(s: string): string {
  return s.replace(/\\x([0-9a-fA-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
}
