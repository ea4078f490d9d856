import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { TEST_DATABASE_URL } from '../testing/env';
import { startServer } from '../testing/server-process';

/** Writes as fast as the server acknowledges them, then SIGKILLs it mid-stream; returns the acknowledged e-mails. */
async function writeUntilKilled(url: string, child: ChildProcess): Promise<string[]> {
  const acknowledged: string[] = [];
  let n = 0;
  const writer = async () => {
    for (;;) {
      const email = `crash-${n++}@example.test`;
      const res = await fetch(`${url}/api/newsletter/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      }).catch(() => null);
      if (!res) return;
      if (res.status === 201) acknowledged.push(email);
      else throw new Error(`unexpected ${res.status}`);
    }
  };
  const writers = Promise.all([writer(), writer(), writer(), writer()]);
  await new Promise((r) => setTimeout(r, 1500));
  child.kill('SIGKILL');
  await writers;
  return acknowledged;
}

/**
 * Starts the server again on the same data and asks it for every acknowledged write: subscribing an address
 * that is stored answers 409. Proves the restarted portal (recovery included) serves them, not only the files.
 */
async function missingAfterRestart(env: Record<string, string>, acknowledged: string[]): Promise<string[]> {
  const { child, url } = await startServer(env);
  try {
    const missing: string[] = [];
    for (const email of acknowledged) {
      const res = await fetch(`${url}/api/newsletter/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      if (res.status !== 409) missing.push(`${email} (${res.status})`);
    }
    return missing;
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

describe('crash durability: kill -9 during a stream of writes', () => {
  it('keeps every acknowledged write on the embedded database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-crash-'));
    try {
      const { child, url } = await startServer({ DATA_DIR: dataDir });
      const acknowledged = await writeUntilKilled(url, child);
      expect(acknowledged.length).toBeGreaterThan(10);
      expect(await missingAfterRestart({ DATA_DIR: dataDir }, acknowledged)).toEqual([]);
      // And in the files themselves, read without the server.
      const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      const rows = await database.db.execute<{ email: string }>(sql`select email from newsletter_subscribers`);
      const stored = new Set((rows as { rows: { email: string }[] }).rows.map((r) => r.email));
      await database.close();
      expect(acknowledged.filter((e) => !stored.has(e))).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it.runIf(TEST_DATABASE_URL)(
    'keeps every acknowledged write on PostgreSQL',
    async () => {
      const name = `proxai_crash_${Date.now()}`;
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const dbUrl = new URL(TEST_DATABASE_URL!);
      dbUrl.pathname = `/${name}`;
      try {
        const { child, url } = await startServer({ DATABASE_URL: dbUrl.toString(), DATA_DIR: os.tmpdir() });
        const acknowledged = await writeUntilKilled(url, child);
        expect(acknowledged.length).toBeGreaterThan(10);
        expect(await missingAfterRestart({ DATABASE_URL: dbUrl.toString(), DATA_DIR: os.tmpdir() }, acknowledged)).toEqual([]);
        const client = new pg.Client({ connectionString: dbUrl.toString() });
        await client.connect();
        const { rows } = await client.query<{ email: string }>('select email from newsletter_subscribers');
        await client.end();
        const stored = new Set(rows.map((r) => r.email));
        expect(acknowledged.filter((e) => !stored.has(e))).toEqual([]);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    120_000,
  );
});
