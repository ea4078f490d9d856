import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { findUserByEmail, insertUserWithOrganisation } from '../modules/auth/auth.repository';
import { authenticateToken, createSession } from '../modules/sessions/sessions.service';
import { verifyPassword } from '../modules/auth/passwords';
import { trackSecret } from '../testing/secrets';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-admin-cli-'));

function run(args: string[], stdin: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.join(serverDir, '../../node_modules/.bin/tsx'), ['src/cli/admin-create.ts', ...args], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe('npm run admin:create', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates an administrator, refuses a short password, resets the password of an existing one', async () => {
    trackSecret('first admin password', 'second admin password');
    const created = await run(['--email', 'Chief@Example.org', '--password-stdin'], 'first admin password\n');
    expect(created).toMatchObject({ code: 0, stdout: 'Administrator chief@example.org created.\n' });
    const short = await run(['--email', 'chief@example.org', '--password-stdin'], 'short\n');
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('at least 12 characters');
    const badArgs = await run(['--email', 'not-an-address'], '');
    expect(badArgs.code).toBe(2);
    const reset = await run(['--email', 'chief@example.org', '--password-stdin'], 'second admin password\n');
    expect(reset).toMatchObject({ code: 0, stdout: 'Administrator chief@example.org updated (password reset).\n' });

    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const user = await findUserByEmail(database.db, 'chief@example.org');
      expect(user?.role).toBe('admin');
      expect(user?.passwordHash).toMatch(/^scrypt\$/);
      expect(await verifyPassword('second admin password', user!.passwordHash!)).toBe(true);
      expect(await verifyPassword('first admin password', user!.passwordHash!)).toBe(false);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('refuses an address taken by an ordinary account unless --reset, which makes it the administrator and ends its sessions', async () => {
    trackSecret('squatted admin password');
    let token: string;
    let database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      // An e-mail sign-up with the administrator's address, before the administrator exists.
      await insertUserWithOrganisation(database.db, {
        email: 'boss@example.org',
        name: null,
        language: 'en',
        organisationName: 'example.org',
      });
      const user = await findUserByEmail(database.db, 'boss@example.org');
      token = (await createSession(database.db, user!.id)).token;
      trackSecret(token);
    } finally {
      await database.close();
    }

    const refused = await run(['--email', 'boss@example.org', '--password-stdin'], 'squatted admin password\n');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('ordinary account');
    expect(refused.stderr).toContain('--reset');

    const reset = await run(['--email', 'boss@example.org', '--password-stdin', '--reset'], 'squatted admin password\n');
    expect(reset).toMatchObject({ code: 0, stdout: 'Administrator boss@example.org updated (password reset).\n' });

    database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const user = await findUserByEmail(database.db, 'boss@example.org');
      expect(user?.role).toBe('admin');
      expect(await verifyPassword('squatted admin password', user!.passwordHash!)).toBe(true);
      expect(await authenticateToken(database.db, token)).toBeNull();
    } finally {
      await database.close();
    }
  }, 120_000);
});
