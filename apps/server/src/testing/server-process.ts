// The server as its own process (src/server.ts through tsx), for tests that kill it: crash durability, tasks.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { isTaskDone, type TaskDetail } from '@proxai/contract';
import { CHILD_PATH, TEST_DATABASE_URL } from './env';
import { trackSecret } from './secrets';

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server.ts');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** What the process printed so far (stdout and stderr). */
  output: string[];
}

/**
 * A server on the embedded database and a new DATA_DIR starts from a copy of the run's migrated PGlite template
 * (global-setup.ts): what a restarted server finds, in a fraction of creating and migrating a cluster. A DATA_DIR
 * whose database exists already (a restart) is left as it is.
 */
function seedEmbeddedDatabase(env: Record<string, string>): void {
  if (env.DATABASE_URL || !env.DATA_DIR) return;
  const target = path.join(env.DATA_DIR, 'pglite');
  if (fs.existsSync(target)) return;
  fs.cpSync(inject('pgliteTemplateDir'), target, { recursive: true });
}

/** A launched server: answering /api/health, or exited (with its code) before it did. */
export type Launch = ({ state: 'started'; child: ChildProcess; url: string } | { state: 'exited'; code: number | null }) & {
  output: string[];
  stderr: () => string;
};

/**
 * Launches the server (src/server.ts through tsx) with `env` over the test defaults; answers once it either answers
 * /api/health (`started`) or exits (`exited`). What it printed (stdout and stderr) is kept in `output`.
 */
export async function launchServer(env: Record<string, string>, startMs = 45_000): Promise<Launch> {
  seedEmbeddedDatabase(env);
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      PATH: CHILD_PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PROXAI_DEMO: '0',
      RATE_LIMIT_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    output.push(chunk.toString());
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let code: number | null | undefined;
  void exited.then((c) => (code = c));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startMs;
  while (code === undefined) {
    const healthy = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { state: 'started', child, url, output, stderr: () => stderr };
    if (Date.now() > deadline) {
      // Never leave a process behind that may still come up later.
      child.kill('SIGKILL');
      throw new Error(`the server neither started nor exited in ${startMs / 1000} s:\n${output.join('')}`);
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 150))]);
  }
  return { state: 'exited', code, output, stderr: () => stderr };
}

/** Starts the server with `env` over the test defaults and waits until /api/health answers. */
export async function startServer(env: Record<string, string>, startMs?: number): Promise<ServerProcess> {
  const launched = await launchServer(env, startMs);
  if (launched.state !== 'started') throw new Error(`server did not start (exit ${launched.code}):\n${launched.output.join('')}`);
  return launched;
}

/** A JSON call to a server process's API. */
export async function callServer<T>(
  url: string,
  route: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${url}/api${route}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** Signs `email` in on a server process through its dev outbox (no SMTP); answers the session token. */
export async function signInToServer(url: string, email: string): Promise<string> {
  const sent = await callServer(url, '/auth/magic-link', { method: 'POST', body: { email, language: 'en' } });
  if (sent.status !== 200) throw new Error(`magic-link answered ${sent.status}`);
  const mails = (await callServer<{ text: string }[]>(url, `/dev/outbox?to=${email}`)).body;
  const code = /:\s*(\d{6})\s*$/m.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error('no sign-in code in the outbox');
  trackSecret(code);
  const verified = await callServer<{ access_token: string }>(url, '/auth/verify-otp', {
    method: 'POST',
    body: { email, otp_code: code },
  });
  trackSecret(verified.body.access_token);
  return verified.body.access_token;
}

/** Stops a server process gracefully and waits for it to exit. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** A new, empty PostgreSQL database on TEST_DATABASE_URL, and how to drop it. */
export async function scratchPostgres(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * On a server process: adds `hostBody`'s node, starts (or stops) one of its guests and answers once Proxmox has the
 * action (its UPID is on the task) while its PVE task still runs; the task at that moment, the guest and the action.
 */
export async function guestActionUnderWay(
  url: string,
  token: string,
  hostBody: Record<string, unknown>,
): Promise<{ task: TaskDetail; guestId: string; action: 'start' | 'stop' }> {
  const added = await callServer<{ id: string }>(url, '/hosts', { method: 'POST', token, body: hostBody });
  if (added.status !== 201) throw new Error(`adding the host answered ${added.status}`);
  const vms = (await callServer<{ id: string; state: string }[]>(url, '/vms', { token })).body;
  const guest = vms.find((v) => v.state === 'stopped') ?? vms[0]!;
  const action = guest.state === 'stopped' ? 'start' : 'stop';
  const accepted = await callServer<{ task_id: string }>(url, `/vms/${guest.id}/action`, {
    method: 'POST',
    token,
    body: { action },
  });
  if (accepted.status !== 202) throw new Error(`the action answered ${accepted.status}`);
  const read = async () => (await callServer<TaskDetail>(url, `/tasks/${accepted.body.task_id}`, { token })).body;
  const deadline = Date.now() + 10_000;
  let task = await read();
  while (task.upids.length === 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    task = await read();
  }
  return { task, guestId: guest.id, action };
}

/** Reads a task on a server process until it has ended (or `ms` passed); answers the last read. */
export async function taskOnServerEnded(url: string, token: string, taskId: string, ms = 40_000): Promise<TaskDetail> {
  const deadline = Date.now() + ms;
  let task: TaskDetail;
  do {
    await new Promise((r) => setTimeout(r, 250));
    task = (await callServer<TaskDetail>(url, `/tasks/${taskId}`, { token })).body;
  } while (!isTaskDone(task.status) && Date.now() < deadline);
  return task;
}
