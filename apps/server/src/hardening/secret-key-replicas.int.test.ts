import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../testing/env';
import { launchServer, scratchPostgres, stopServer, type Launch } from '../testing/server-process';

/** How long a start may take on a loaded machine before the test gives up on it. */
const START_MS = 100_000;

const launched: ChildProcess[] = [];

/** The server as its own process: started, or exited with its code (testing/server-process.ts). */
async function launch(env: Record<string, string>): Promise<Launch> {
  const l = await launchServer(env, START_MS);
  if (l.state === 'started') launched.push(l.child);
  return l;
}

/** Starts the server expecting it to answer /api/health. */
async function started(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const l = await launch(env);
  if (l.state !== 'started') throw new Error(`the server exited (${l.code}):\n${l.stderr()}`);
  return l;
}

const newKey = () => randomBytes(32).toString('base64');
const REFUSAL =
  /^fatal: (PROXAI_SECRET_KEY|The key generated in .*secret\.key \(PROXAI_SECRET_KEY is not set\)) is not the key that sealed this database's credentials .*give every replica the same PROXAI_SECRET_KEY/;

/**
 * Replicas started with different secret keys (issue 30): the one whose key cannot open what the first sealed in the
 * database exits 1 with one line, instead of running until a task lands on it. The real server process each time.
 */
describe('a replica with another PROXAI_SECRET_KEY refuses to start', () => {
  const dirs: string[] = [];
  const tmpDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-key-check-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    // A start the test gave up on (or a failed assertion) must not leave a server behind.
    for (const child of launched) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('embedded database: restarted with another key it exits 1 with one line; with its own key it starts', async () => {
    const dataDir = tmpDir();
    const key = newKey();
    await stopServer((await started({ DATA_DIR: dataDir, PROXAI_SECRET_KEY: key })).child);

    const refused = await launch({ DATA_DIR: dataDir, PROXAI_SECRET_KEY: newKey() });
    expect(refused).toMatchObject({ state: 'exited', code: 1 });
    expect(refused.stderr().trimEnd().split('\n')).toEqual([expect.stringMatching(REFUSAL)]);
    expect(refused.stderr()).toMatch(/^fatal: PROXAI_SECRET_KEY is not the key/);

    const again = await started({ DATA_DIR: dataDir, PROXAI_SECRET_KEY: key });
    expect((await fetch(`${again.url}/api/health`)).ok).toBe(true);
    await stopServer(again.child);
  }, 300_000);

  describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL, two replicas on one database', () => {
    let db: Awaited<ReturnType<typeof scratchPostgres>>;
    beforeAll(async () => {
      db = await scratchPostgres('proxai_key_check');
    });
    afterAll(async () => {
      await db?.drop();
    });

    it('each with a key generated into its own DATA_DIR: the second exits 1; given the first key it starts beside it', async () => {
      const firstDir = tmpDir();
      const first = await started({ DATABASE_URL: db.url, DATA_DIR: firstDir });
      try {
        // The easy mistake: no PROXAI_SECRET_KEY, so this replica generates its own key into its DATA_DIR.
        const secondDir = tmpDir();
        const refused = await launch({ DATABASE_URL: db.url, DATA_DIR: secondDir });
        expect(refused).toMatchObject({ state: 'exited', code: 1 });
        expect(refused.stderr().trimEnd().split('\n')).toEqual([expect.stringMatching(REFUSAL)]);
        expect(refused.stderr()).toContain(`The key generated in ${path.join(secondDir, 'secret.key')}`);

        const shared = fs.readFileSync(path.join(firstDir, 'secret.key'), 'utf8').trim();
        const second = await started({ DATABASE_URL: db.url, DATA_DIR: tmpDir(), PROXAI_SECRET_KEY: shared });
        expect((await fetch(`${second.url}/api/health`)).ok).toBe(true);
        await stopServer(second.child);
      } finally {
        await stopServer(first.child);
      }
    }, 300_000);
  });
});
