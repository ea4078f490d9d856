import type { Probe, ProbeResult } from '@proxai/contract';
import { agentUnavailable, type PveClient } from '@proxai/pve-client';
import { nicIsolation, type ConfigValues } from './guest-config';
import { errorText } from './restore-steps';

/**
 * The checks a restore test runs inside its isolated copy (the portal cannot reach a guest whose links are
 * down): VMs through the QEMU guest agent (ping, `exec` + `exec-status`), containers (no exec API) by their
 * state: running, init alive, uptime growing, interfaces configured but unplugged. A Windows VM (PVE `ostype`
 * w…) has no sh, ss or curl: its tcp and http probes run Windows programs (netstat.exe, powershell.exe).
 */

/** Longest a probe's command may run inside the guest. */
const EXEC_TIMEOUT_MS = 30_000;
/** What a result keeps of a command's output. */
const MAX_OUTPUT = 4096;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** At most MAX_OUTPUT characters, without NUL (PostgreSQL's jsonb refuses it). */
const clip = (raw: string) => {
  const text = raw.replaceAll('\u0000', '');
  return text.length > MAX_OUTPUT ? `${text.slice(0, MAX_OUTPUT)}… (truncated)` : text;
};

export interface ExecOutcome {
  exitcode: number | null;
  out: string;
  err: string;
  /** Set when the command did not run to its end (no such program, timed out, agent error). */
  failure?: string;
}

/** Runs `command` (argv, no shell) in the guest through the agent and waits for it to exit. */
export async function agentRun(
  client: PveClient,
  node: string,
  vmid: number,
  command: string[],
  pollMs: number,
): Promise<ExecOutcome> {
  let pid: number;
  try {
    ({ pid } = await client.agentExec(node, vmid, command));
  } catch (err) {
    return { exitcode: null, out: '', err: '', failure: errorText(err) };
  }
  const deadline = Date.now() + EXEC_TIMEOUT_MS;
  for (;;) {
    const status = await client.agentExecStatus(node, vmid, pid);
    if (status.exited === true || status.exited === 1) {
      return { exitcode: status.exitcode ?? null, out: status['out-data'] ?? '', err: status['err-data'] ?? '' };
    }
    if (Date.now() > deadline)
      return { exitcode: null, out: '', err: '', failure: `still running after ${EXEC_TIMEOUT_MS / 1000} s` };
    await sleep(Math.min(pollMs, 500));
  }
}

/** Whether `ss -ltn` / `netstat -ltn` output lists a socket listening on `port` (local address in the 4th column). */
export function listensOn(output: string, port: number): boolean {
  return output.split('\n').some((line) => {
    const local = line.trim().split(/\s+/)[3];
    return local !== undefined && new RegExp(`[:.]${port}$`).test(local);
  });
}

/**
 * The HTTP status and body of a probe's request: curl's output ends with the status line `-w '\n%{http_code}'`
 * adds; wget -S writes the response headers (`HTTP/1.1 200 OK`) on stderr and the body on stdout.
 */
export function httpAnswer(run: ExecOutcome, via: 'curl' | 'wget'): { status: number | null; body: string } {
  if (via === 'curl') {
    const cut = run.out.lastIndexOf('\n');
    const status = Number(run.out.slice(cut + 1).trim());
    return { status: Number.isInteger(status) && status >= 100 ? status : null, body: cut < 0 ? '' : run.out.slice(0, cut) };
  }
  const statuses = [...run.err.matchAll(/HTTP\/[\d.]+\s+(\d{3})/g)];
  const last = statuses.at(-1)?.[1];
  return { status: last ? Number(last) : null, body: run.out };
}

/** Which programs a VM's probes run: Windows ones when its PVE `ostype` is a Windows one. */
export type GuestOs = 'linux' | 'windows';

/**
 * The OS family of a PVE `ostype`: every Windows value starts with `w` (wxp, w2k, w2k3, w2k8, wvista, win7,
 * win8, win10, win11); the others are l24, l26, solaris, other (and unset: PVE's default, other).
 */
export function guestOsOf(ostype: string | number | undefined): GuestOs {
  return typeof ostype === 'string' && /^w/i.test(ostype.trim()) ? 'windows' : 'linux';
}

/** The Windows tcp probe's command: every socket (TCP and TCPv6 alike), numeric. */
export const WINDOWS_NETSTAT = ['netstat.exe', '-a', '-n'];

/**
 * The listening TCP sockets of Windows `netstat -a -n` output, as their trimmed lines
 * (`TCP    0.0.0.0:3389    0.0.0.0:0    LISTENING`, `TCP    [::]:3389    [::]:0    LISTENING`). The state
 * column is translated on a localized Windows (ABHÖREN, ESCUCHANDO…): a TCP socket whose foreign address is
 * the wildcard (`0.0.0.0:0`, `[::]:0`) listens too, in any language.
 */
export function windowsListeners(output: string): string[] {
  return output
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => {
      const [proto, local, foreign, state] = line.split(/\s+/);
      if (proto?.toUpperCase() !== 'TCP' || !local || !/:\d+$/.test(local)) return false;
      return state?.toUpperCase() === 'LISTENING' || foreign === '0.0.0.0:0' || foreign === '[::]:0';
    });
}

/** Whether Windows `netstat -a -n` output lists a TCP socket listening on `port` (IPv4 or IPv6). */
export function windowsListensOn(output: string, port: number): boolean {
  return windowsListeners(output).some((line) => line.split(/\s+/)[1]?.endsWith(`:${port}`));
}

/** The first line the Windows http probe's script writes: this marker and the HTTP status. */
export const WINDOWS_HTTP_MARKER = 'PROXAI-HTTP';

/** A PowerShell single-quoted string literal (PowerShell also ends one at the typographic quotes ‘ ’ ‚ ‛). */
export const psQuote = (s: string): string => `'${s.replace(/['\u2018\u2019\u201A\u201B]/g, '$&$&')}'`;

/**
 * The Windows http probe's command: a GET with .NET's HttpWebRequest (PowerShell 2.0 and later, 5.1, 7; no
 * Internet Explorer engine, unlike Invoke-WebRequest without -UseBasicParsing), 10 s timeout, no proxy, no
 * redirect followed (as curl without -L). A 4xx/5xx answer is a WebException carrying the response: its
 * status and body are read all the same. Its output: `PROXAI-HTTP <status>` on a line, then the body's bytes
 * as the server sent them; when no answer came, the error on stderr and exit 1. Single quotes only: the agent
 * quotes the argument for CreateProcess, and PowerShell 5.1 mangles embedded double quotes.
 */
export function windowsHttpCommand(program: 'powershell.exe' | 'pwsh.exe', url: string): string[] {
  const script = [
    `$q=[Net.WebRequest]::Create(${psQuote(url)})`,
    '$q.Timeout=10000',
    '$q.ReadWriteTimeout=10000',
    '$q.AllowAutoRedirect=$false',
    '$q.Proxy=$null',
    'try{$r=$q.GetResponse()}catch{$e=$_.Exception;while($e -and -not ($e -is [Net.WebException])){$e=$e.InnerException};if(-not $e -or -not $e.Response){$m=$_.Exception.Message;if($e){$m=$e.Message};[Console]::Error.WriteLine($m);exit 1};$r=$e.Response}',
    '$o=[Console]::OpenStandardOutput()',
    `$h=[Text.Encoding]::ASCII.GetBytes(${psQuote(`${WINDOWS_HTTP_MARKER} `)}+[int]$r.StatusCode+[char]10)`,
    '$o.Write($h,0,$h.Length)',
    '$s=$r.GetResponseStream()',
    '$b=New-Object byte[] 65536',
    'while(($n=$s.Read($b,0,$b.Length)) -gt 0){$o.Write($b,0,$n)}',
    '$o.Flush()',
    '$r.Close()',
    'exit 0',
  ].join(';');
  return [program, '-NoProfile', '-NonInteractive', '-Command', script];
}

/**
 * The HTTP status and body the Windows http probe's script printed: after the first `PROXAI-HTTP <status>`
 * line (at the start, or at a line's start should PowerShell have written something before); status null
 * when there is none (no answer: the error is on stderr).
 */
export function windowsHttpAnswer(run: ExecOutcome): { status: number | null; body: string } {
  const m = /(?:^|\n)PROXAI-HTTP (\d{3})\r?\n/.exec(run.out);
  if (!m) return { status: null, body: '' };
  return { status: Number(m[1]), body: run.out.slice(m.index + m[0].length) };
}

/** A program the guest lacks: the agent refuses to start it, or the shell answers 127. */
const missingProgram = (run: ExecOutcome) =>
  run.exitcode === 127 || /No such file or directory|not found|Failed to execute/i.test(run.failure ?? '');

async function httpProbe(
  client: PveClient,
  node: string,
  vmid: number,
  probe: Extract<Probe, { type: 'http' }>,
  pollMs: number,
  os: GuestOs,
): Promise<{ ok: boolean; output: string }> {
  const url = `http://127.0.0.1:${probe.port}${probe.url_path}`;
  let via: 'curl' | 'wget' | 'powershell.exe' | 'pwsh.exe';
  let run: ExecOutcome;
  if (os === 'windows') {
    // Windows PowerShell first; a Windows without it (Nano Server, a stripped image) may have PowerShell 7.
    via = 'powershell.exe';
    run = await agentRun(client, node, vmid, windowsHttpCommand(via, url), pollMs);
    if (missingProgram(run)) {
      via = 'pwsh.exe';
      run = await agentRun(client, node, vmid, windowsHttpCommand(via, url), pollMs);
    }
  } else {
    via = 'curl';
    run = await agentRun(client, node, vmid, ['curl', '-sS', '-g', '-m', '10', '-o', '-', '-w', '\n%{http_code}', url], pollMs);
    if (missingProgram(run)) {
      via = 'wget';
      run = await agentRun(client, node, vmid, ['wget', '-q', '-S', '-T', '10', '-O', '-', url], pollMs);
    }
  }
  if (run.failure) return { ok: false, output: `GET ${url} via ${via}: ${run.failure}` };
  const { status, body } = via === 'curl' || via === 'wget' ? httpAnswer(run, via) : windowsHttpAnswer(run);
  const statusOk = status === probe.expect_status;
  const bodyOk = probe.expect_body === undefined || body.includes(probe.expect_body);
  const wanted = `expected ${probe.expect_status}${probe.expect_body !== undefined ? ` and a body containing ${JSON.stringify(probe.expect_body)}` : ''}`;
  const head = `GET ${url} via ${via}: status ${status ?? 'none'} (${wanted})`;
  return { ok: statusOk && bodyOk, output: `${head}\n${body || run.err}` };
}

/** The tcp probe: the guest's listening sockets (`ss -ltn`, else `netstat -ltn`; on Windows `netstat.exe -a -n`). */
async function tcpProbe(
  client: PveClient,
  node: string,
  vmid: number,
  port: number,
  pollMs: number,
  os: GuestOs,
): Promise<{ ok: boolean; output: string }> {
  if (os === 'windows') {
    const command = WINDOWS_NETSTAT.join(' ');
    const run = await agentRun(client, node, vmid, WINDOWS_NETSTAT, pollMs);
    if (run.failure) return { ok: false, output: `${command}: ${run.failure}` };
    const ok = windowsListensOn(run.out, port);
    const listeners = windowsListeners(run.out);
    // The listening sockets only: the full output also lists every connection and UDP socket.
    const shown = listeners.length > 0 ? `TCP sockets listening:\n${listeners.join('\n')}` : run.out || run.err;
    const exit = run.exitcode === 0 ? '' : ` (exit ${run.exitcode ?? 'unknown'})`;
    return { ok, output: `${ok ? 'Listening' : 'Nothing listening'} on port ${port} (${command})${exit}\n${shown}` };
  }
  const run = await agentRun(client, node, vmid, ['sh', '-c', 'ss -ltn 2>/dev/null || netstat -ltn'], pollMs);
  if (run.failure) return { ok: false, output: `ss -ltn: ${run.failure}` };
  const ok = listensOn(run.out, port);
  return { ok, output: `${ok ? 'Listening' : 'Nothing listening'} on port ${port} (ss -ltn)\n${run.out || run.err}` };
}

/** Runs one probe inside a VM (its agent already answered once); tcp and http with programs of the guest's OS. */
export async function runVmProbe(
  client: PveClient,
  node: string,
  vmid: number,
  probe: Probe,
  pollMs: number,
  os: GuestOs = 'linux',
): Promise<{ ok: boolean; output: string }> {
  switch (probe.type) {
    case 'agent_ping':
      try {
        await client.agentPing(node, vmid);
        return { ok: true, output: 'The QEMU guest agent answered' };
      } catch (err) {
        return { ok: false, output: `The QEMU guest agent did not answer: ${errorText(err)}` };
      }
    case 'tcp':
      return tcpProbe(client, node, vmid, probe.port, pollMs, os);
    case 'http':
      return httpProbe(client, node, vmid, probe, pollMs, os);
    case 'exec': {
      const run = await agentRun(client, node, vmid, probe.command, pollMs);
      if (run.failure) return { ok: false, output: run.failure };
      const outputOk = probe.expect_output === undefined || run.out.includes(probe.expect_output);
      const ok = run.exitcode === probe.expect_exit && outputOk;
      return {
        ok,
        output: `exit ${run.exitcode ?? 'unknown'} (expected ${probe.expect_exit})\n${run.out}${run.err ? `\n${run.err}` : ''}`,
      };
    }
  }
}

/** Runs each probe once, timed; answers the results (output clipped). */
export async function runVmProbes(
  client: PveClient,
  node: string,
  vmid: number,
  probes: readonly Probe[],
  pollMs: number,
  os: GuestOs = 'linux',
): Promise<ProbeResult[]> {
  const results: ProbeResult[] = [];
  for (const probe of probes) {
    const started = Date.now();
    const { ok, output } = await runVmProbe(client, node, vmid, probe, pollMs, os).catch((err: unknown) => ({
      ok: false,
      output: `The probe could not run: ${errorText(err)}`,
    }));
    results.push({ probe, ok, output: clip(output), duration_ms: Date.now() - started });
  }
  return results;
}

/** Waits until the VM's agent answers a ping: the milliseconds it took, or undefined at the deadline. */
export async function waitForAgent(
  client: PveClient,
  node: string,
  vmid: number,
  timeoutMs: number,
  pollMs: number,
): Promise<{ ms?: number; last: string }> {
  const started = Date.now();
  let last = 'no answer yet';
  for (;;) {
    try {
      await client.agentPing(node, vmid, { timeoutMs: 10_000 });
      return { ms: Date.now() - started, last: 'answered' };
    } catch (err) {
      // Not running yet is the expected answer while the guest boots; anything else is worth saying.
      last = agentUnavailable(err) === 'not_running' ? 'the agent is not running yet' : errorText(err);
      if (agentUnavailable(err) === 'not_configured') return { last };
    }
    if (Date.now() - started > timeoutMs) return { last };
    await sleep(pollMs);
  }
}

/**
 * A container's checks: running, its init alive (a pid), its uptime growing between two reads, and every NIC of
 * its config present (lxc/{vmid}/interfaces) while the config keeps it unplugged. Probes that need an exec API
 * (tcp, http, exec) and agent_ping do not apply to containers: recorded with `ok: null`.
 */
export async function containerChecks(
  client: PveClient,
  node: string,
  vmid: number,
  config: ConfigValues,
  probes: readonly Probe[],
  pollMs: number,
): Promise<ProbeResult[]> {
  const results: ProbeResult[] = [];
  const check = async (
    type: 'ct_running' | 'ct_init' | 'ct_uptime' | 'ct_interfaces',
    run: () => Promise<{ ok: boolean; output: string }>,
  ) => {
    const started = Date.now();
    const { ok, output } = await run().catch((err: unknown) => ({ ok: false, output: `Could not check: ${errorText(err)}` }));
    results.push({ probe: { type }, ok, output: clip(output), duration_ms: Date.now() - started });
  };
  const first = await client.guestStatus(node, 'lxc', vmid);
  await check('ct_running', async () => ({ ok: first.status === 'running', output: `status ${first.status}` }));
  await check('ct_init', async () => {
    const pid = typeof first.pid === 'number' ? first.pid : Number(first.pid);
    return {
      ok: Number.isInteger(pid) && pid > 0,
      output: Number.isInteger(pid) && pid > 0 ? `init pid ${pid}` : 'no init process',
    };
  });
  await check('ct_uptime', async () => {
    await sleep(Math.max(1100, pollMs));
    const again = await client.guestStatus(node, 'lxc', vmid);
    const [a, b] = [Number(first.uptime ?? 0), Number(again.uptime ?? 0)];
    return { ok: b > a, output: `uptime ${a} s, then ${b} s` };
  });
  await check('ct_interfaces', async () => {
    const listed = await client.lxcInterfaces(node, vmid);
    const names = new Set(listed.map((i) => i.name));
    const { nics, allDown } = nicIsolation(config);
    const wanted = Object.values(nics).map((v) => /(?:^|,)name=([^,]+)/.exec(v)?.[1] ?? '?');
    const missing = wanted.filter((n) => !names.has(n));
    const ok = missing.length === 0 && allDown;
    const output = `interfaces ${[...names].join(', ') || 'none'}; configured ${wanted.join(', ') || 'none'}${missing.length ? `; missing ${missing.join(', ')}` : ''}; ${allDown ? 'all link_down=1' : 'NOT all link_down=1'}`;
    return { ok, output };
  });
  for (const probe of probes) {
    results.push({
      probe,
      ok: null,
      output: 'Not applicable to a container (no exec API): replaced by the container checks',
      duration_ms: 0,
    });
  }
  return results;
}
