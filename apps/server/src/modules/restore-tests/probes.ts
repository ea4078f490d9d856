import type { Probe, ProbeResult } from '@proxai/contract';
import { agentUnavailable, type PveClient } from '@proxai/pve-client';
import { nicIsolation, type ConfigValues } from './guest-config';
import { errorText } from './restore-steps';

/**
 * The checks a restore test runs inside its isolated copy (the portal cannot reach a guest whose links are
 * down): VMs through the QEMU guest agent (ping, `exec` + `exec-status`), containers (no exec API) by their
 * state: running, init alive, uptime growing, interfaces configured but unplugged.
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

/** A program the guest lacks: the agent refuses to start it, or the shell answers 127. */
const missingProgram = (run: ExecOutcome) =>
  run.exitcode === 127 || /No such file or directory|not found|Failed to execute/i.test(run.failure ?? '');

async function httpProbe(
  client: PveClient,
  node: string,
  vmid: number,
  probe: Extract<Probe, { type: 'http' }>,
  pollMs: number,
): Promise<{ ok: boolean; output: string }> {
  const url = `http://127.0.0.1:${probe.port}${probe.url_path}`;
  let via: 'curl' | 'wget' = 'curl';
  let run = await agentRun(client, node, vmid, ['curl', '-sS', '-g', '-m', '10', '-o', '-', '-w', '\n%{http_code}', url], pollMs);
  if (missingProgram(run)) {
    via = 'wget';
    run = await agentRun(client, node, vmid, ['wget', '-q', '-S', '-T', '10', '-O', '-', url], pollMs);
  }
  if (run.failure) return { ok: false, output: `GET ${url} via ${via}: ${run.failure}` };
  const { status, body } = httpAnswer(run, via);
  const statusOk = status === probe.expect_status;
  const bodyOk = probe.expect_body === undefined || body.includes(probe.expect_body);
  const wanted = `expected ${probe.expect_status}${probe.expect_body !== undefined ? ` and a body containing ${JSON.stringify(probe.expect_body)}` : ''}`;
  const head = `GET ${url} via ${via}: status ${status ?? 'none'} (${wanted})`;
  return { ok: statusOk && bodyOk, output: `${head}\n${body || run.err}` };
}

/** Runs one probe inside a VM (its agent already answered once). */
export async function runVmProbe(
  client: PveClient,
  node: string,
  vmid: number,
  probe: Probe,
  pollMs: number,
): Promise<{ ok: boolean; output: string }> {
  switch (probe.type) {
    case 'agent_ping':
      try {
        await client.agentPing(node, vmid);
        return { ok: true, output: 'The QEMU guest agent answered' };
      } catch (err) {
        return { ok: false, output: `The QEMU guest agent did not answer: ${errorText(err)}` };
      }
    case 'tcp': {
      const run = await agentRun(client, node, vmid, ['sh', '-c', 'ss -ltn 2>/dev/null || netstat -ltn'], pollMs);
      if (run.failure) return { ok: false, output: `ss -ltn: ${run.failure}` };
      const ok = listensOn(run.out, probe.port);
      return { ok, output: `${ok ? 'Listening' : 'Nothing listening'} on port ${probe.port} (ss -ltn)\n${run.out || run.err}` };
    }
    case 'http':
      return httpProbe(client, node, vmid, probe, pollMs);
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
): Promise<ProbeResult[]> {
  const results: ProbeResult[] = [];
  for (const probe of probes) {
    const started = Date.now();
    const { ok, output } = await runVmProbe(client, node, vmid, probe, pollMs).catch((err: unknown) => ({
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
