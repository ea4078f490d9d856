import type { GuestProbe } from './restore-types';
import type { SimGuest } from './types';
import { isWindows } from './guest-views';
import { http, ok, shellWords, type ExecResult } from './guest-reach';

// What a Windows guest's agent exec runs (ostype w…): qemu-ga starts programs with CreateProcess, so a program
// Windows lacks is refused at the exec itself (spawnFailure); the rest is answered from the guest's probe state,
// as guest-probe.ts answers a Linux guest's.

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
