import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeIn, linkIn } from '../../apps/server/src/modules/auth/auth.testing';
import { containsSecret } from '../../apps/server/src/testing/contains-secret';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Portal {
  url: string;
  port: number;
  dataDir: string;
  /** Every line the server printed (JSON logs). */
  output: string[];
  /** Values a test handled (passwords, tokens) that must never appear in the portal's log. */
  track(...secrets: (string | undefined | null)[]): void;
  /** Stops the portal; fails when a tracked secret, a mailed code or link, or a session token shows in its log. */
  stop(): Promise<void>;
}

/** What a test file holds of a portal that global setup started (support/shared.ts): `stop()` stays with the run. */
export type PortalHandle = Pick<Portal, 'url' | 'port' | 'dataDir' | 'track'>;

/** A session token or handoff id as the portal issues them: 32 random bytes in base64url, alone. */
const ISSUED_TOKEN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/;

/** The codes and magic-link tokens of every mail the portal's dev outbox holds (its last 200). */
export async function mailedSecrets(url: string): Promise<string[]> {
  const res = await fetch(`${url}/api/dev/outbox`).catch(() => undefined);
  if (!res?.ok) return [];
  const mails = (await res.json()) as { text: string }[];
  return mails.flatMap((m) => {
    const found: string[] = [];
    try {
      found.push(codeIn(m.text));
      found.push(linkIn(m.text).token);
    } catch {
      // not a sign-in mail (contact form)
    }
    return found.filter(Boolean);
  });
}

/** Log lines holding a secret, each with the secret masked so the failure does not print it again. */
export function leaksIn(output: string[], secrets: Iterable<string>): string[] {
  const leaks: string[] = [];
  for (const line of output) {
    for (const secret of secrets) {
      if (secret.length >= 6 && containsSecret(line, secret)) leaks.push(line.split(secret).join('<secret>'));
    }
    const token = ISSUED_TOKEN.exec(line)?.[0];
    if (token) leaks.push(line.split(token).join('<token>'));
  }
  return leaks;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** Fails unless the portal is built (`npm run build`): the browser tests build nothing themselves. */
export function ensureBuilt(): string {
  const entry = path.join(root, 'apps/server/dist/server.js');
  for (const file of [entry, path.join(root, 'apps/web/dist/index.html')]) {
    if (!fs.existsSync(file))
      throw new Error(`The portal is not built (no ${file}): run \`npm run build\` before the browser tests.`);
  }
  return entry;
}

/**
 * Starts the built portal (`npm run build` first) as its own process on a free port with a fresh embedded
 * database, and waits until /api/health answers.
 */
export async function startPortal(options: { env?: Record<string, string> } = {}): Promise<Portal> {
  const entry = ensureBuilt();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-e2e-'));
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PROXAI_DEMO: '0',
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited with ${child.exitCode}:\n${output.slice(-20).join('\n')}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`portal did not become healthy:\n${output.slice(-20).join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const tracked = new Set<string>();
  return {
    url,
    port,
    dataDir,
    output,
    track: (...secrets) => {
      for (const s of secrets) if (s) tracked.add(s);
    },
    stop: async () => {
      if (child.exitCode === null) for (const s of await mailedSecrets(url)) tracked.add(s);
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      const leaks = leaksIn(output, tracked);
      if (leaks.length > 0) throw new Error(`secrets in the portal's log:\n${leaks.slice(0, 5).join('\n')}`);
    },
  };
}

/** The last mail the dev outbox holds for `email` (no SMTP configured in e2e unless a test sets one). */
export async function lastMailTo(
  portalUrl: string,
  email: string,
): Promise<{ subject: string; text: string; html?: string } | undefined> {
  const res = await fetch(`${portalUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  if (!res.ok) return undefined;
  const mails = (await res.json()) as { to: string; subject: string; text: string; html?: string }[];
  return mails.filter((m) => m.to.toLowerCase() === email.toLowerCase()).at(-1);
}
