import { guestFile } from './agent';
import { isWindows } from './guest-views';
import type { GuestProbe } from './restore-types';
import type { SimGuest } from './types';
import { runInWindows } from './guest-probe-windows';
import { http, ok, reachable, shellWords, type ExecResult } from './guest-reach';

export { spawnFailure, SPAWN_NOENT } from './guest-probe-windows';

/**
 * What a command run with the guest agent (`agent/exec`) gives inside a simulated guest: a few probe tools are
 * understood, with deterministic answers from the guest's probe state (POST /_sim/guests/{vmid}/probe):
 * - `curl` / `wget` on a local URL: the guest's HTTP service (any listening port but 22), `OK` with 200 on every
 *   path unless `http` sets `{path, status, body}` (then other paths answer 404); curl's `-o /dev/null`, `-w`
 *   (`%{http_code}`), `-f`, `-i`, `-I`; wget's `-O-` and exit code 8 on an HTTP error;
 * - `nc -z host port`, bash's `/dev/tcp/host/port`, `ss -ltn` (optionally `| grep :port`) for listening ports;
 * - `hostname`, `cat` of /etc/hostname, /proc/meminfo, /proc/loadavg, `echo`, `true`, `false`, `exit N`,
 *   `systemctl is-active …`; anything else exits 0 without output.
 * With `exec_fail` every command exits 1. A host that is not local is unreachable (the restore-test guest's
 * links are down; the simulator models no outside network).
 *
 * A Windows guest (ostype w…: win11, win10, w2k8…) runs Windows programs, from the same probe state (see
 * runInWindows): qemu-ga starts them with CreateProcess, so a program Windows lacks (`sh`, `bash`, `ss`, `curl`,
 * `wget`, `pwsh`…) is refused at the exec itself (spawnFailure), not answered by a shell.
 */

export const DEFAULT_TCP_PORTS = [22, 80, 443, 8080];

export function probeOf(g: SimGuest): GuestProbe {
  return g.probe ?? { tcpPorts: [...DEFAULT_TCP_PORTS], execFail: false };
}

/** The script a command runs: `sh -c '…'` / `bash -c '…'`, else the argv joined. */
function scriptOf(command: string[]): string {
  const shell = /^(\/usr)?(\/bin\/)?(sh|bash|dash|ash)$/.test(command[0] ?? '');
  if (shell && command[1] === '-c' && command[2] !== undefined) return command[2];
  return command.map((w) => (/[\s'"|;&]/.test(w) ? `'${w.replace(/'/g, "'\\''")}'` : w)).join(' ');
}

/** Runs one command line in the guest. */
export function runInGuest(g: SimGuest, command: string[], now: number): ExecResult {
  const probe = probeOf(g);
  if (probe.execFail) return { exitcode: 1, out: '', err: `${command[0] ?? 'sh'}: command failed\n` };
  if (isWindows(g)) return runInWindows(g, probe, command);
  const script = scriptOf(command);
  // The first segment of a pipeline or list decides; `| grep` filters what ss prints.
  const [head = ''] = script.split(/\s*(?:\|\||&&|;|\|)\s*/);
  const words = shellWords(head.trim());
  const tool = (words[0] ?? '').replace(/^.*\//, '');
  const grepMatch = /\|\s*grep\s+(?:-\w+\s+)*(?:'([^']*)'|"([^"]*)"|(\S+))/.exec(script);
  const grep = grepMatch ? (grepMatch[1] ?? grepMatch[2] ?? grepMatch[3]) : undefined;
  const quiet = /\|\s*grep\s+(?:-\w*q\w*\s+)/.test(script);
  switch (tool) {
    case 'curl':
      return curl(g, probe, words.slice(1));
    case 'wget':
      return wget(g, probe, words.slice(1));
    case 'nc':
    case 'ncat':
    case 'netcat': {
      const nums = words.slice(1).filter((w) => /^\d+$/.test(w));
      const port = Number(nums.at(-1));
      return tcp(
        g,
        probe,
        words.slice(1).find((w) => !w.startsWith('-') && !/^\d+$/.test(w)) ?? '127.0.0.1',
        port,
        words.includes('-v') || words.includes('-zv'),
      );
    }
    case 'ss':
    case 'netstat':
      return listening(probe, grep, quiet);
    case 'hostname':
      return ok(`${g.name}\n`);
    case 'cat': {
      const content = words[1] !== undefined ? guestFile(g, words[1], now) : undefined;
      return content === undefined
        ? { exitcode: 1, out: '', err: `cat: ${words[1] ?? ''}: No such file or directory\n` }
        : ok(content);
    }
    case 'echo':
      return ok(`${words.slice(1).join(' ')}\n`);
    case 'false':
      return { exitcode: 1, out: '', err: '' };
    case 'exit':
      return { exitcode: Number(words[1] ?? 0) & 0xff, out: '', err: '' };
    case 'systemctl':
      return ok(words[1] === 'is-system-running' ? 'running\n' : words[1] === 'is-active' ? 'active\n' : '');
    default: {
      const devTcp = /\/dev\/tcp\/([^/\s]+)\/(\d+)/.exec(script);
      if (devTcp) return tcp(g, probe, devTcp[1] ?? '', Number(devTcp[2]), false, 'bash');
      return ok();
    }
  }
}

function tcp(g: SimGuest, probe: GuestProbe, host: string, port: number, verbose: boolean, via = 'nc'): ExecResult {
  const reach = reachable(g, host);
  if (reach !== undefined)
    return { exitcode: 1, out: '', err: `${via}: connect to ${host} port ${port} (tcp) failed: ${reach}\n` };
  if (!probe.tcpPorts.includes(port)) {
    const err =
      via === 'bash'
        ? `bash: connect: Connection refused\nbash: line 1: /dev/tcp/${host}/${port}: Connection refused\n`
        : `nc: connect to ${host} port ${port} (tcp) failed: Connection refused\n`;
    return { exitcode: 1, out: '', err };
  }
  return { exitcode: 0, out: '', err: verbose ? `Connection to ${host} ${port} port [tcp/*] succeeded!\n` : '' };
}

function listening(probe: GuestProbe, grep: string | undefined, quiet: boolean): ExecResult {
  const rows = [...probe.tcpPorts].sort((a, b) => a - b).map((p) => `LISTEN 0      4096         0.0.0.0:${p}        0.0.0.0:*`);
  const header = 'State  Recv-Q Send-Q Local Address:Port Peer Address:Port';
  if (grep === undefined) return ok(`${[header, ...rows].join('\n')}\n`);
  const hits = rows.filter((r) => r.includes(grep));
  if (hits.length === 0) return { exitcode: 1, out: '', err: '' };
  return ok(quiet ? '' : `${hits.join('\n')}\n`);
}

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

function curl(g: SimGuest, probe: GuestProbe, args: string[]): ExecResult {
  let writeOut: string | undefined;
  let toNull = false;
  let fail = false;
  let head = false;
  let include = false;
  let url: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '--write-out') writeOut = args[++i];
    else if (a === '--output') toNull = args[++i] === '/dev/null';
    else if (a === '--fail') fail = true;
    else if (a === '--head') head = true;
    else if (a === '--include') include = true;
    else if (/^https?:\/\//.test(a)) url = a;
    else if (/^-[a-zA-Z]+$/.test(a)) {
      // Short options may be combined (-sSf); -o and -w take the next word.
      for (const c of a.slice(1)) {
        if (c === 'f') fail = true;
        else if (c === 'I') head = true;
        else if (c === 'i') include = true;
        else if (c === 'o') toNull = args[++i] === '/dev/null';
        else if (c === 'w') writeOut = args[++i];
      }
    }
  }
  if (url === undefined) return { exitcode: 2, out: '', err: 'curl: no URL specified\n' };
  const res = http(g, probe, url);
  if ('code' in res) return { exitcode: res.code, out: '', err: `curl: (${res.code}) ${res.message}\n` };
  if (fail && res.status >= 400)
    return { exitcode: 22, out: '', err: `curl: (22) The requested URL returned error: ${res.status}\n` };
  const statusLine = `HTTP/1.1 ${res.status} ${REASONS[res.status] ?? ''}`.trimEnd();
  const headers = `${statusLine}\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(res.body)}\r\n\r\n`;
  let out = head ? headers : `${include ? headers : ''}${toNull ? '' : res.body}`;
  if (writeOut !== undefined) {
    out += writeOut.replace(/%\{http_code\}|%\{response_code\}/g, String(res.status)).replace(/\\n/g, '\n');
  }
  return ok(out);
}

function wget(g: SimGuest, probe: GuestProbe, args: string[]): ExecResult {
  const url = args.find((a) => /^https?:\/\//.test(a));
  const toStdout = args.some(
    (a, i) => /^-\w*O-$/.test(a) || a === '--output-document=-' || (/^-\w*O$/.test(a) && args[i + 1] === '-'),
  );
  const quiet = args.some((a) => /^-\w*q/.test(a));
  if (url === undefined) return { exitcode: 1, out: '', err: 'wget: missing URL\n' };
  const res = http(g, probe, url);
  if ('code' in res) return { exitcode: 4, out: '', err: quiet ? '' : `wget: ${res.message}\n` };
  if (res.status >= 400) {
    return { exitcode: 8, out: '', err: quiet ? '' : `ERROR ${res.status}: ${REASONS[res.status] ?? 'Error'}.\n` };
  }
  return ok(toStdout ? res.body : '');
}

// ---- Windows guests ----
