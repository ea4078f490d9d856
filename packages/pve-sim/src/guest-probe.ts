import { guestFile } from './agent';
import { guestNets } from './guest-config';
import { isWindows } from './guest-views';
import { isLinkDown, parseNet } from './net-config';
import type { GuestProbe } from './restore-types';
import type { SimGuest } from './types';

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

export interface ExecResult {
  exitcode: number;
  out: string;
  err: string;
}

export function probeOf(g: SimGuest): GuestProbe {
  return g.probe ?? { tcpPorts: [...DEFAULT_TCP_PORTS], execFail: false };
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]', '0.0.0.0']);
const ok = (out = ''): ExecResult => ({ exitcode: 0, out, err: '' });

/** Splits a shell command line into words, honouring single and double quotes (no expansion). */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let cur = '';
  let quote: "'" | '"' | undefined;
  let has = false;
  for (const ch of line) {
    if (quote) {
      if (ch === quote) quote = undefined;
      else cur += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      has = true;
    } else if (/\s/.test(ch)) {
      if (has || cur) words.push(cur);
      cur = '';
      has = false;
    } else {
      cur += ch;
    }
  }
  if (has || cur) words.push(cur);
  return words;
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

/** undefined when the host is reachable from inside the guest, else why not. */
function reachable(g: SimGuest, host: string): string | undefined {
  if (LOCAL_HOSTS.has(host)) return undefined;
  const allDown = Object.entries(guestNets(g)).every(([k, v]) => {
    try {
      return isLinkDown(parseNet(g.type, k, v));
    } catch {
      return false;
    }
  });
  return allDown ? 'Network is unreachable' : 'Connection timed out';
}

function listening(probe: GuestProbe, grep: string | undefined, quiet: boolean): ExecResult {
  const rows = [...probe.tcpPorts].sort((a, b) => a - b).map((p) => `LISTEN 0      4096         0.0.0.0:${p}        0.0.0.0:*`);
  const header = 'State  Recv-Q Send-Q Local Address:Port Peer Address:Port';
  if (grep === undefined) return ok(`${[header, ...rows].join('\n')}\n`);
  const hits = rows.filter((r) => r.includes(grep));
  if (hits.length === 0) return { exitcode: 1, out: '', err: '' };
  return ok(quiet ? '' : `${hits.join('\n')}\n`);
}

interface HttpAnswer {
  status: number;
  body: string;
}

/** The URL's answer, or the connection error (curl exit code and message). */
function http(g: SimGuest, probe: GuestProbe, url: string): HttpAnswer | { code: number; message: string } {
  const m = /^https?:\/\/(\[[^\]]+\]|[^/:]+)(?::(\d+))?(\/[^?#]*)?/.exec(url);
  if (!m) return { code: 3, message: 'URL using bad/illegal format or missing URL' };
  const host = m[1] ?? '';
  const port = Number(m[2] ?? (url.startsWith('https') ? 443 : 80));
  const path = m[3] ?? '/';
  if (!LOCAL_HOSTS.has(host)) {
    if (!/^[\d.]+$|^\[/.test(host)) return { code: 6, message: `Could not resolve host: ${host}` };
    return {
      code: 7,
      message: `Failed to connect to ${host} port ${port} after 0 ms: ${reachable(g, host) ?? 'Network is unreachable'}`,
    };
  }
  if (!probe.tcpPorts.includes(port))
    return { code: 7, message: `Failed to connect to ${host} port ${port} after 0 ms: Couldn't connect to server` };
  if (port === 22) return { code: 1, message: 'Received HTTP/0.9 when not allowed' };
  if (!probe.http) return { status: 200, body: 'OK' };
  return path === probe.http.path ? { status: probe.http.status, body: probe.http.body } : { status: 404, body: 'Not Found' };
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

/** glib's g_spawn error on Windows for a program that is not there (qemu-ga's guest-exec). */
export const SPAWN_NOENT = 'Failed to execute child process (No such file or directory)';

/**
 * The programs of a simulated Windows guest (System32, by name without extension). Emulated: netstat, powershell,
 * cmd, hostname, whoami; the others exit 0 without output. Not there: sh, bash, ss, curl, wget, pwsh (PowerShell 7
 * is not installed by default), and anything else.
 */
const WINDOWS_PROGRAMS = new Set([
  'cmd',
  'powershell',
  'netstat',
  'hostname',
  'whoami',
  'ipconfig',
  'ping',
  'tasklist',
  'sc',
  'net',
  'reg',
  'findstr',
  'where',
  'systeminfo',
]);

/** A Windows program's name as CreateProcess finds it: the last path part, lower case, without .exe/.com. */
const windowsProgram = (word: string): string =>
  word
    .replace(/^.*[\\/]/, '')
    .toLowerCase()
    .replace(/\.(exe|com)$/, '');

/**
 * Why the agent cannot start `command` in the guest (the exec request then fails), or undefined. On Windows, a
 * program that is not there; on Linux every command starts (a shell or the program itself answers).
 */
export function spawnFailure(g: SimGuest, command: string[]): string | undefined {
  if (!isWindows(g)) return undefined;
  return WINDOWS_PROGRAMS.has(windowsProgram(command[0] ?? '')) ? undefined : SPAWN_NOENT;
}

/** The marker the portal's Windows http probe script prints before the status (apps/server restore-tests/probes.ts). */
const PS_HTTP_MARKER = 'PROXAI-HTTP';
const CRLF = '\r\n';

/**
 * A command in a Windows guest (its program exists: see spawnFailure):
 * - `netstat -a -n` (`-p TCP|TCPv6|UDP|UDPv6`): the probe's listening ports as TCP `0.0.0.0:p` and TCPv6 `[::]:p`
 *   LISTENING, a loopback connection and UDP sockets; without -a only the connection (addresses always numeric);
 * - `powershell -Command …`: a `[Net.WebRequest]::Create('url')` script (the portal's http probe: prints
 *   `PROXAI-HTTP <status>` then the body; a 4xx/5xx answer is read all the same; no answer: the .NET error
 *   on stderr, exit 1), `Get-NetTCPConnection -State Listen [-LocalPort n]`, `hostname`, `Write-Output`/`echo`,
 *   `exit n`; other scripts exit 0 without output;
 * - `cmd /c …`: `echo`, `exit [/b] n`, `ver`, a program above; one Windows lacks: "is not recognized", 9009;
 * - `hostname`, `whoami` (qemu-ga runs as LocalSystem).
 */
export function runInWindows(g: SimGuest, probe: GuestProbe, command: string[]): ExecResult {
  const [first = '', ...args] = command;
  switch (windowsProgram(first)) {
    case 'netstat':
      return winNetstat(probe, args);
    case 'powershell':
      return powershell(g, probe, psScript(args));
    case 'cmd':
      return cmd(g, probe, args);
    case 'hostname':
      return ok(`${g.name}${CRLF}`);
    case 'whoami':
      return ok(`nt authority\\system${CRLF}`);
    default:
      return ok();
  }
}

function winNetstat(probe: GuestProbe, args: string[]): ExecResult {
  let all = false;
  let proto: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (!/^[-/]/.test(a)) continue;
    const letters = a.slice(1).toLowerCase();
    if (letters.includes('a')) all = true;
    if (letters.endsWith('p')) proto = (args[++i] ?? '').toUpperCase();
  }
  if (proto !== undefined && !['TCP', 'TCPV6', 'UDP', 'UDPV6'].includes(proto)) {
    // netstat prints its usage for an unknown protocol.
    return { exitcode: 1, out: `${CRLF}Displays protocol statistics and current TCP/IP network connections.${CRLF}`, err: '' };
  }
  const row = (p: string, local: string, foreign: string, state = '') =>
    `  ${p.padEnd(7)}${local.padEnd(23)}${foreign.padEnd(23)}${state}`.trimEnd();
  const ports = [...probe.tcpPorts].sort((a, b) => a - b);
  const rows: [string, string][] = [];
  if (all) for (const p of ports) rows.push(['TCP', row('TCP', `0.0.0.0:${p}`, '0.0.0.0:0', 'LISTENING')]);
  // A loopback connection: its ports are not listening (a parser must not take them for listeners).
  rows.push(['TCP', row('TCP', '127.0.0.1:49712', '127.0.0.1:49713', 'ESTABLISHED')]);
  rows.push(['TCP', row('TCP', '127.0.0.1:49713', '127.0.0.1:49712', 'ESTABLISHED')]);
  if (all) {
    for (const p of ports) rows.push(['TCPV6', row('TCP', `[::]:${p}`, '[::]:0', 'LISTENING')]);
    rows.push(['UDP', row('UDP', '0.0.0.0:123', '*:*')], ['UDP', row('UDP', '0.0.0.0:5353', '*:*')]);
    rows.push(['UDPV6', row('UDP', '[::]:123', '*:*')]);
  }
  const shown = rows.filter(([p]) => proto === undefined || p === proto).map(([, r]) => r);
  const header = ['', 'Active Connections', '', '  Proto  Local Address          Foreign Address        State'];
  return ok(`${[...header, ...shown].join(CRLF)}${CRLF}`);
}

/** The script of a powershell.exe command line: what follows -Command (or the first word that is no option). */
function psScript(args: string[]): string {
  const withValue = /^-(executionpolicy|ep|ex|inputformat|if|outputformat|of|windowstyle|w|configurationname|version)$/i;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (/^-c(o(m(m(a(n(d)?)?)?)?)?)?$/i.test(a)) return args.slice(i + 1).join(' ');
    if (withValue.test(a)) i++;
    else if (!a.startsWith('-')) return args.slice(i).join(' ');
  }
  return '';
}

/** A .NET WebException's message for a request that got no HTTP answer (curl's error code → .NET's text). */
function dotnetError(code: number, url: string): string {
  if (code === 3) return 'Invalid URI: The format of the URI could not be determined.';
  if (code === 6) return `The remote name could not be resolved: '${/^https?:\/\/([^/:]+)/.exec(url)?.[1] ?? ''}'`;
  if (code === 1) return 'The server committed a protocol violation. Section=ResponseStatusLine';
  return 'Unable to connect to the remote server';
}

function powershell(g: SimGuest, probe: GuestProbe, script: string): ExecResult {
  const request = /\[(?:System\.)?Net\.(?:Http)?WebRequest\]::Create\(\s*'((?:[^']|'')*)'\s*\)/i.exec(script);
  if (request) {
    const url = (request[1] ?? '').replace(/''/g, "'");
    const res = http(g, probe, url);
    if ('code' in res) return { exitcode: 1, out: '', err: `${dotnetError(res.code, url)}${CRLF}` };
    return ok(script.includes(`'${PS_HTTP_MARKER} '`) ? `${PS_HTTP_MARKER} ${res.status}\n${res.body}` : '');
  }
  if (/\bGet-NetTCPConnection\b/i.test(script)) return netTcpConnection(probe, script);
  const words = shellWords(script.trim());
  const verb = (words[0] ?? '').toLowerCase();
  if (verb === 'exit') return { exitcode: Number(words[1]) || 0, out: '', err: '' };
  if (verb === 'hostname') return ok(`${g.name}${CRLF}`);
  if (['write-output', 'write-host', 'echo'].includes(verb)) return ok(`${words.slice(1).join(' ')}${CRLF}`);
  return ok();
}

/** `Get-NetTCPConnection -State Listen [-LocalPort n]`: the listening sockets (IPv6 and IPv4), else its CIM error. */
function netTcpConnection(probe: GuestProbe, script: string): ExecResult {
  const port = /-LocalPort\s+(\d+)/i.exec(script)?.[1];
  const state = /-State\s+(\w+)/i.exec(script)?.[1]?.toLowerCase();
  const ports = [...probe.tcpPorts].filter((p) => port === undefined || p === Number(port)).sort((a, b) => a - b);
  if ((state !== undefined && state !== 'listen') || ports.length === 0) {
    const err = [
      'Get-NetTCPConnection : No matching MSFT_NetTCPConnection objects found by CIM query for instances of the',
      'ROOT/StandardCimv2/MSFT_NetTCPConnection class on the  CIM server: SELECT * FROM MSFT_NetTCPConnection  WHERE',
      `((LocalPort = ${port ?? '*'})) AND ((State = 2)). Verify query parameters and retry.`,
      '',
    ].join(CRLF);
    return { exitcode: 1, out: '', err };
  }
  const cols = (...c: [string, string, string, string, string, string, string]) =>
    c.map((v, i) => v.padEnd([36, 10, 36, 11, 12, 15, 0][i] ?? 0)).join('');
  const header = [
    cols('LocalAddress', 'LocalPort', 'RemoteAddress', 'RemotePort', 'State', 'AppliedSetting', 'OwningProcess'),
    cols('------------', '---------', '-------------', '----------', '-----', '--------------', '-------------'),
  ];
  const rows = ports.flatMap((p) => [
    cols('::', String(p), '::', '0', 'Listen', '', '4'),
    cols('0.0.0.0', String(p), '0.0.0.0', '0', 'Listen', '', '4'),
  ]);
  return ok(`${['', ...header, ...rows, '', ''].join(CRLF)}`);
}

/** `cmd /c <line>`: a few built-ins, a Windows program, or cmd's "not recognized" (errorlevel 9009). */
function cmd(g: SimGuest, probe: GuestProbe, args: string[]): ExecResult {
  const at = args.findIndex((a) => /^\/[ck]$/i.test(a));
  if (at < 0)
    return ok(`Microsoft Windows [Version 10.0.20348.2340]${CRLF}(c) Microsoft Corporation. All rights reserved.${CRLF}`);
  const line = args.slice(at + 1).join(' ');
  const words = shellWords(line.split(/\s*(?:&&|\|\||&|\|)\s*/)[0] ?? '');
  const verb = (words[0] ?? '').toLowerCase();
  if (verb === 'echo') return ok(`${line.trim().slice(5)}${CRLF}`);
  if (verb === 'exit') return { exitcode: Number(words.find((w, i) => i > 0 && /^\d+$/.test(w)) ?? 0), out: '', err: '' };
  if (verb === 'ver') return ok(`${CRLF}Microsoft Windows [Version 10.0.20348.2340]${CRLF}`);
  if (verb === '') return ok();
  if (!WINDOWS_PROGRAMS.has(windowsProgram(verb))) {
    const err = `'${words[0]}' is not recognized as an internal or external command,${CRLF}operable program or batch file.${CRLF}`;
    return { exitcode: 9009, out: '', err };
  }
  return runInWindows(g, probe, words);
}
