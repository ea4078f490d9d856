import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from './fleet';
import { fixtureFleet } from './fixture-fleet';
import { raw, tokenHeader, type RawAnswer } from './test-http';

// The guest agent of a Windows VM (fixture VM 104, ostype win11): Windows programs answer from the probe state,
// Linux ones are not there (qemu-ga's CreateProcess fails: the exec request itself is refused).

let fleet: Fleet;
let n: Fleet['nodes'][number];
let t: Record<string, string>;
const WIN = 104;
const LINUX = 100;
const api = (path: string): string => `/api2/json/nodes/node1${path}`;
const send = (method: string, path: string, form?: Record<string, string | string[]>): Promise<RawAnswer> =>
  raw(n.url, { method, path: api(path), headers: t, ...(form ? { form } : {}) });
const data = <T>(res: RawAnswer): T => (res.json as { data: T }).data;
const probe = (vmid: number, body: unknown): Promise<RawAnswer> =>
  raw(n.url, { method: vmid < 0 ? 'DELETE' : 'POST', path: `/_sim/guests/${Math.abs(vmid)}/probe`, json: body });

/** Runs a command through agent exec and polls exec-status until it exited. */
async function exec(command: string[], vmid = WIN): Promise<Record<string, unknown>> {
  const started = await send('POST', `/qemu/${vmid}/agent/exec`, { command });
  expect(started.status, started.statusText).toBe(200);
  const { pid } = data<{ pid: number }>(started);
  for (let i = 0; i < 100; i++) {
    const st = data<Record<string, unknown>>(await send('GET', `/qemu/${vmid}/agent/exec-status?pid=${pid}`));
    if (st['exited'] === 1) return st;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('exec did not exit');
}

/** The portal's Windows http probe script (apps/server restore-tests/probes.ts windowsHttpCommand), abridged. */
const webRequest = (url: string): string[] => [
  'powershell.exe',
  '-NoProfile',
  '-NonInteractive',
  '-Command',
  `$q=[Net.WebRequest]::Create('${url.replace(/'/g, "''")}');$q.AllowAutoRedirect=$false;try{$r=$q.GetResponse()}catch{…};` +
    `$h=[Text.Encoding]::ASCII.GetBytes('PROXAI-HTTP '+[int]$r.StatusCode+[char]10);…`,
];

beforeAll(async () => {
  fleet = await startFleet(fixtureFleet(), { taskDurationMs: 20 });
  n = fleet.nodes[0]!;
  t = tokenHeader(n.tokenId, n.tokenSecret);
  expect(fleet.node('node1').guest(WIN).ostype).toBe('win11');
});
afterAll(() => fleet.close());

describe('agent exec in a Windows VM', () => {
  it('refuses programs Windows lacks (sh, ss, curl, wget, pwsh) as qemu-ga does: the exec fails', async () => {
    for (const command of [
      ['sh', '-c', 'ss -ltn 2>/dev/null || netstat -ltn'],
      ['ss', '-ltn'],
      ['curl', '-sS', 'http://127.0.0.1/'],
      ['wget', '-q', '-O', '-', 'http://127.0.0.1/'],
      ['/bin/bash', '-c', 'true'],
      ['pwsh.exe', '-Command', 'exit 0'],
    ]) {
      const res = await send('POST', `/qemu/${WIN}/agent/exec`, { command });
      expect([res.status, res.statusText], command[0]).toEqual([
        500,
        "Agent error: Guest agent command failed, error was 'Failed to execute child process (No such file or directory)'",
      ]);
    }
    // Found by name, with or without .exe, in any case, or by its full path.
    for (const program of ['hostname', 'HOSTNAME.EXE', 'C:\\Windows\\System32\\hostname.exe']) {
      expect(await exec([program]), program).toEqual({ exited: 1, exitcode: 0, 'out-data': 'win-dc01\r\n' });
    }
    expect(await exec(['whoami.exe'])).toMatchObject({ exitcode: 0, 'out-data': 'nt authority\\system\r\n' });
  });

  it('netstat.exe -a -n lists the listening ports (TCP and TCPv6) of the probe state, not the connections', async () => {
    const all = await exec(['netstat.exe', '-a', '-n']);
    expect(all).toMatchObject({ exited: 1, exitcode: 0 });
    const lines = String(all['out-data']).split('\r\n');
    expect(lines.slice(0, 4)).toEqual([
      '',
      'Active Connections',
      '',
      '  Proto  Local Address          Foreign Address        State',
    ]);
    const listening = lines.filter((l) => l.endsWith('LISTENING'));
    expect(listening).toEqual([
      '  TCP    0.0.0.0:22             0.0.0.0:0              LISTENING',
      '  TCP    0.0.0.0:80             0.0.0.0:0              LISTENING',
      '  TCP    0.0.0.0:443            0.0.0.0:0              LISTENING',
      '  TCP    0.0.0.0:8080           0.0.0.0:0              LISTENING',
      '  TCP    [::]:22                [::]:0                 LISTENING',
      '  TCP    [::]:80                [::]:0                 LISTENING',
      '  TCP    [::]:443               [::]:0                 LISTENING',
      '  TCP    [::]:8080              [::]:0                 LISTENING',
    ]);
    expect(lines.some((l) => l.includes('ESTABLISHED'))).toBe(true);
    expect(lines).toContain('  UDP    0.0.0.0:123            *:*');
    // -p TCP: IPv4 TCP only; without -a: the connections only.
    const v4 = String((await exec(['netstat', '-an', '-p', 'tcp']))['out-data']);
    expect(v4).toContain('0.0.0.0:80 ');
    expect(v4).not.toMatch(/\[::\]|UDP/);
    expect(String((await exec(['netstat.exe', '-n']))['out-data'])).not.toContain('LISTENING');

    await probe(WIN, { tcp_ports: [3389, 80], tcp_ports_closed: [80] });
    try {
      const closed = String((await exec(['netstat.exe', '-a', '-n']))['out-data']);
      expect(closed.split('\r\n').filter((l) => l.endsWith('LISTENING'))).toEqual([
        '  TCP    0.0.0.0:3389           0.0.0.0:0              LISTENING',
        '  TCP    [::]:3389              [::]:0                 LISTENING',
      ]);
    } finally {
      await probe(-WIN, undefined);
    }
  });

  it("PowerShell's WebRequest gets the HTTP service's status and body, 5xx included; a closed port no answer", async () => {
    expect(await exec(webRequest('http://127.0.0.1:80/'))).toEqual({ exited: 1, exitcode: 0, 'out-data': 'PROXAI-HTTP 200\nOK' });
    await probe(WIN, { http: { path: '/health', status: 500, body: 'Internal error: database down' }, tcp_ports_closed: [8080] });
    try {
      expect(await exec(webRequest('http://127.0.0.1:80/health'))).toEqual({
        exited: 1,
        exitcode: 0,
        'out-data': 'PROXAI-HTTP 500\nInternal error: database down',
      });
      expect(await exec(webRequest('http://127.0.0.1:80/other'))).toMatchObject({ 'out-data': 'PROXAI-HTTP 404\nNot Found' });
      expect(await exec(webRequest('http://127.0.0.1:8080/health'))).toEqual({
        exited: 1,
        exitcode: 1,
        'err-data': 'Unable to connect to the remote server\r\n',
      });
      expect(await exec(webRequest('http://10.0.0.1/'))).toMatchObject({ exitcode: 1 });
      expect(
        await exec(['powershell.exe', '-NoProfile', '-Command', 'Get-NetTCPConnection -State Listen -LocalPort 80']),
      ).toMatchObject({
        exitcode: 0,
        'out-data': expect.stringMatching(/\r\n0\.0\.0\.0 +80 +0\.0\.0\.0 +0 +Listen +4\r\n/),
      });
      expect(await exec(['powershell.exe', '-Command', 'Get-NetTCPConnection -State Listen -LocalPort 8080'])).toMatchObject({
        exitcode: 1,
        'err-data': expect.stringContaining('No matching MSFT_NetTCPConnection objects'),
      });
      expect(await exec(['powershell.exe', '-Command', 'exit 4'])).toEqual({ exited: 1, exitcode: 4 });
    } finally {
      await probe(-WIN, undefined);
    }
  });

  it('cmd.exe /c runs built-ins and Windows programs, and says "not recognized" for the others', async () => {
    expect(await exec(['cmd.exe', '/c', 'echo', 'restored'])).toEqual({ exited: 1, exitcode: 0, 'out-data': 'restored\r\n' });
    expect(await exec(['cmd.exe', '/c', 'exit /b 3'])).toEqual({ exited: 1, exitcode: 3 });
    expect(await exec(['cmd.exe', '/c', 'hostname'])).toMatchObject({ 'out-data': 'win-dc01\r\n' });
    expect(await exec(['cmd.exe', '/c', 'ss -ltn'])).toEqual({
      exited: 1,
      exitcode: 9009,
      'err-data': "'ss' is not recognized as an internal or external command,\r\noperable program or batch file.\r\n",
    });
  });

  it('exec_fail makes every command exit 1 there too; a Linux VM still has sh and curl', async () => {
    await probe(WIN, { exec_fail: true });
    try {
      expect(await exec(['netstat.exe', '-a', '-n'])).toMatchObject({ exitcode: 1, 'err-data': 'netstat.exe: command failed\n' });
    } finally {
      await probe(-WIN, undefined);
    }
    expect(await exec(['sh', '-c', 'curl -s http://127.0.0.1/'], LINUX)).toEqual({ exited: 1, exitcode: 0, 'out-data': 'OK' });
    expect(await exec(['netstat.exe', '-a', '-n'], LINUX)).toEqual({ exited: 1, exitcode: 0 });
  });
});
