import { describe, expect, it } from 'vitest';
import type { Probe } from '@proxai/contract';
import type { PveClient } from '@proxai/pve-client';
import {
  guestOsOf,
  psQuote,
  runVmProbe,
  windowsHttpAnswer,
  windowsHttpCommand,
  windowsListeners,
  windowsListensOn,
} from './probes';

// The Windows side of the probes (pure): which guests are Windows, netstat's listeners, the PowerShell request.

/** `netstat -a -n` of a Windows Server 2022 (CRLF lines, TCP then TCPv6 then UDP). */
const NETSTAT = [
  '',
  'Active Connections',
  '',
  '  Proto  Local Address          Foreign Address        State',
  '  TCP    0.0.0.0:135            0.0.0.0:0              LISTENING',
  '  TCP    0.0.0.0:3389           0.0.0.0:0              LISTENING',
  '  TCP    127.0.0.1:49712        127.0.0.1:8443         ESTABLISHED',
  '  TCP    192.168.10.5:49713     192.168.10.1:445       TIME_WAIT',
  '  TCP    [::]:135               [::]:0                 LISTENING',
  '  TCP    [::]:5985              [::]:0                 LISTENING',
  '  UDP    0.0.0.0:123            *:*',
  '  UDP    [::]:500               *:*',
  '',
].join('\r\n');

describe('guestOsOf', () => {
  it('is windows for every PVE Windows ostype, linux for the others and for none', () => {
    for (const o of ['wxp', 'w2k', 'w2k3', 'w2k8', 'wvista', 'win7', 'win8', 'win10', 'win11', 'WIN11'])
      expect(guestOsOf(o), o).toBe('windows');
    for (const o of ['l26', 'l24', 'solaris', 'other', '', undefined, 26]) expect(guestOsOf(o), String(o)).toBe('linux');
  });
});

describe('windowsListeners / windowsListensOn', () => {
  it('finds IPv4 and IPv6 listeners, not connections nor UDP sockets', () => {
    expect(windowsListeners(NETSTAT)).toEqual([
      'TCP    0.0.0.0:135            0.0.0.0:0              LISTENING',
      'TCP    0.0.0.0:3389           0.0.0.0:0              LISTENING',
      'TCP    [::]:135               [::]:0                 LISTENING',
      'TCP    [::]:5985              [::]:0                 LISTENING',
    ]);
    expect(windowsListensOn(NETSTAT, 3389)).toBe(true);
    // Listening on IPv6 only.
    expect(windowsListensOn(NETSTAT, 5985)).toBe(true);
    // A connection's local or foreign port, a UDP port, a port that is a suffix of another.
    expect(windowsListensOn(NETSTAT, 49712)).toBe(false);
    expect(windowsListensOn(NETSTAT, 8443)).toBe(false);
    expect(windowsListensOn(NETSTAT, 445)).toBe(false);
    expect(windowsListensOn(NETSTAT, 123)).toBe(false);
    expect(windowsListensOn(NETSTAT, 389)).toBe(false);
    expect(windowsListensOn(NETSTAT, 35)).toBe(false);
  });

  it('reads a localized netstat by its wildcard foreign address (German ABHÖREN, Spanish ESCUCHANDO)', () => {
    const german = [
      'Aktive Verbindungen',
      '  Proto  Lokale Adresse         Remoteadresse          Status',
      '  TCP    0.0.0.0:80             0.0.0.0:0              ABHÖREN',
      '  TCP    10.0.0.4:50000         10.0.0.9:80            HERGESTELLT',
    ].join('\r\n');
    expect(windowsListensOn(german, 80)).toBe(true);
    expect(windowsListensOn(german, 50000)).toBe(false);
    expect(windowsListensOn('  TCP    [::]:443               [::]:0                 ESCUCHANDO\n', 443)).toBe(true);
  });

  it('finds nothing in something that is not netstat output', () => {
    expect(windowsListeners('')).toEqual([]);
    expect(windowsListensOn("'netstat.exe' is not recognized as an internal or external command", 80)).toBe(false);
    // Linux ss output is not read as Windows netstat.
    expect(windowsListensOn('LISTEN 0 4096 0.0.0.0:22 0.0.0.0:*\n', 22)).toBe(false);
  });
});

describe('windowsHttpCommand / psQuote', () => {
  it('runs the program named, with a script of single quotes only', () => {
    const argv = windowsHttpCommand('powershell.exe', 'http://127.0.0.1:8080/health?x=1');
    expect(argv.slice(0, 4)).toEqual(['powershell.exe', '-NoProfile', '-NonInteractive', '-Command']);
    expect(argv).toHaveLength(5);
    const script = argv[4]!;
    expect(script).toContain("[Net.WebRequest]::Create('http://127.0.0.1:8080/health?x=1')");
    expect(script).toContain('AllowAutoRedirect=$false');
    expect(script).toContain("'PROXAI-HTTP '+[int]$r.StatusCode");
    expect(script).not.toMatch(/["\r\n`]/);
    expect(windowsHttpCommand('pwsh.exe', 'http://127.0.0.1/')[0]).toBe('pwsh.exe');
  });

  it('doubles every quote PowerShell would end a literal at', () => {
    expect(psQuote("/it's")).toBe("'/it''s'");
    expect(psQuote('/a\u2019b\u2018c')).toBe("'/a\u2019\u2019b\u2018\u2018c'");
    expect(psQuote('/$env:x;exit 3')).toBe("'/$env:x;exit 3'");
  });
});

describe('windowsHttpAnswer', () => {
  const run = (out: string, err = '', exitcode: number | null = 0) => ({ exitcode, out, err });

  it('reads the status line the script printed and the body after it, byte for byte', () => {
    expect(windowsHttpAnswer(run('PROXAI-HTTP 200\nOK'))).toEqual({ status: 200, body: 'OK' });
    expect(windowsHttpAnswer(run('PROXAI-HTTP 500\r\n{"error":"db down"}\r\n'))).toEqual({
      status: 500,
      body: '{"error":"db down"}\r\n',
    });
    expect(windowsHttpAnswer(run('PROXAI-HTTP 204\n'))).toEqual({ status: 204, body: '' });
    // Something PowerShell wrote before the marker does not hide it; a marker inside the body is body.
    expect(windowsHttpAnswer(run('warning\r\nPROXAI-HTTP 301\nPROXAI-HTTP 200\n'))).toEqual({
      status: 301,
      body: 'PROXAI-HTTP 200\n',
    });
  });

  it('has no status when no answer came', () => {
    expect(windowsHttpAnswer(run('', 'Unable to connect to the remote server\r\n', 1))).toEqual({ status: null, body: '' });
    expect(windowsHttpAnswer(run('HTTP 200\nOK'))).toEqual({ status: null, body: '' });
    expect(windowsHttpAnswer(run('xPROXAI-HTTP 200\nOK'))).toEqual({ status: null, body: '' });
  });
});

/** A client whose agent runs commands with `answer` (a thrown error: the agent refused to start it). */
function fakeAgent(answer: (argv: string[]) => { exitcode: number; out?: string; err?: string }) {
  const runs: string[][] = [];
  const results = new Map<number, { exitcode: number; out?: string; err?: string }>();
  const client = {
    agentExec: async (_node: string, _vmid: number, argv: string[]) => {
      runs.push(argv);
      const pid = runs.length;
      results.set(pid, answer(argv));
      return { pid };
    },
    agentExecStatus: async (_node: string, _vmid: number, pid: number) => {
      const r = results.get(pid)!;
      return { exited: 1, exitcode: r.exitcode, 'out-data': r.out, 'err-data': r.err };
    },
  } as unknown as PveClient;
  return { client, runs };
}

const notFound = () => {
  throw new Error(
    "Agent error: Guest agent command failed, error was 'Failed to execute child process (No such file or directory)'",
  );
};

describe('runVmProbe on a Windows guest', () => {
  const tcp = (port: number): Probe => ({ type: 'tcp', port });
  const http = (expect_status = 200, expect_body?: string): Probe => ({
    type: 'http',
    port: 80,
    url_path: '/health',
    expect_status,
    ...(expect_body !== undefined ? { expect_body } : {}),
  });

  it('tcp: runs netstat.exe -a -n and shows the listening sockets', async () => {
    const { client, runs } = fakeAgent((argv) => (argv[0] === 'netstat.exe' ? { exitcode: 0, out: NETSTAT } : notFound()));
    const yes = await runVmProbe(client, 'pve1', 900, tcp(3389), 1, 'windows');
    expect(runs).toEqual([['netstat.exe', '-a', '-n']]);
    expect(yes.ok).toBe(true);
    expect(yes.output.split('\n')[0]).toBe('Listening on port 3389 (netstat.exe -a -n)');
    expect(yes.output).toContain('TCP    [::]:5985');
    expect(yes.output).not.toContain('ESTABLISHED');
    const no = await runVmProbe(client, 'pve1', 900, tcp(22), 1, 'windows');
    expect(no).toMatchObject({
      ok: false,
      output: expect.stringMatching(/^Nothing listening on port 22 \(netstat\.exe -a -n\)\n/),
    });
  });

  it('http: PowerShell, with the status and body in the output; pwsh.exe when powershell.exe is missing', async () => {
    const { client, runs } = fakeAgent((argv) =>
      argv[0] === 'powershell.exe' ? { exitcode: 0, out: 'PROXAI-HTTP 500\nInternal error: database down' } : notFound(),
    );
    const failed = await runVmProbe(client, 'pve1', 900, http(200), 1, 'windows');
    expect(runs.map((r) => r[0])).toEqual(['powershell.exe']);
    expect(failed.ok).toBe(false);
    expect(failed.output).toBe(
      'GET http://127.0.0.1:80/health via powershell.exe: status 500 (expected 200)\nInternal error: database down',
    );
    expect((await runVmProbe(client, 'pve1', 900, http(500, 'database'), 1, 'windows')).ok).toBe(true);

    const core = fakeAgent((argv) => (argv[0] === 'pwsh.exe' ? { exitcode: 0, out: 'PROXAI-HTTP 200\nOK' } : notFound()));
    const viaPwsh = await runVmProbe(core.client, 'pve1', 900, http(200, 'OK'), 1, 'windows');
    expect(core.runs.map((r) => r[0])).toEqual(['powershell.exe', 'pwsh.exe']);
    expect(viaPwsh).toEqual({
      ok: true,
      output: 'GET http://127.0.0.1:80/health via pwsh.exe: status 200 (expected 200 and a body containing "OK")\nOK',
    });

    const refused = fakeAgent(() => ({ exitcode: 1, err: 'Unable to connect to the remote server\r\n' }));
    expect(await runVmProbe(refused.client, 'pve1', 900, http(200), 1, 'windows')).toEqual({
      ok: false,
      output:
        'GET http://127.0.0.1:80/health via powershell.exe: status none (expected 200)\nUnable to connect to the remote server\r\n',
    });
  });

  it('a Linux guest still runs sh/ss and curl', async () => {
    const { client, runs } = fakeAgent((argv) =>
      argv[0] === 'sh' ? { exitcode: 0, out: 'LISTEN 0 4096 0.0.0.0:22 0.0.0.0:*\n' } : { exitcode: 0, out: 'OK\n200' },
    );
    expect((await runVmProbe(client, 'pve1', 900, tcp(22), 1)).ok).toBe(true);
    expect((await runVmProbe(client, 'pve1', 900, http(200, 'OK'), 1, 'linux')).output).toMatch(/ via curl: status 200 /);
    expect(runs.map((r) => r[0])).toEqual(['sh', 'curl']);
  });
});
