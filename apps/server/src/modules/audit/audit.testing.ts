// Test helpers of the audit integration tests: the evidence key's public half, the offline CLI, and records written
// the way the server wrote them before migration 0020. Not shipped code.
import { execFile } from 'node:child_process';
import { createPublicKey, type KeyObject } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { auditChainHeads, auditEvents } from '../../db/schema';
import { chainOf, GENESIS_HASH, hashRecord } from './audit-chain';

/** GET /api/evidence/public-key, base64 (as `--public-key` takes it) and as a key. */
export async function evidencePublicKey(app: FastifyInstance): Promise<{ base64: string; key: KeyObject }> {
  const res = await app.inject({ method: 'GET', url: '/api/evidence/public-key' });
  const base64 = res.json<{ public_key: string }>().public_key;
  return { base64, key: createPublicKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'spki' }) };
}

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.resolve(here, '../../cli/audit-verify.ts');
// By absolute URL: the CLI runs in another directory, where a bare `tsx` would not resolve.
const TSX = pathToFileURL(path.resolve(here, '../../../../../node_modules/tsx/dist/loader.mjs')).href;

/** `npm run audit:verify -- <args>` in `cwd`: its exit code and output. */
export async function verifyCli(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', TSX, CLI, ...args], { cwd });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/**
 * Appends a record as the server did from migration 0017 to 0020: no actor type, the actor as `actor_id` and
 * `actor_email`, hashed in the `{id, email}` shape (a test's records are appended one at a time: no lock needed).
 */
export async function writeLegacyRecord(
  db: Db,
  record: {
    organisationId: string;
    action: string;
    actorId?: string | null;
    actorEmail?: string | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  const chain = chainOf(record.organisationId);
  await db.insert(auditChainHeads).values({ chain, seq: 0, hash: GENESIS_HASH }).onConflictDoNothing();
  const [head] = await db.select().from(auditChainHeads).where(eq(auditChainHeads.chain, chain));
  const values = {
    at: new Date(Math.floor(Date.now())),
    action: record.action,
    outcome: 'success' as const,
    actorType: null,
    actorId: record.actorId ?? null,
    actorName: null,
    actorEmail: record.actorEmail ?? null,
    organisationId: record.organisationId,
    target: null,
    ip: null,
    details: record.details ?? null,
    chain,
    seq: (head?.seq ?? 0) + 1,
    prevHash: head?.hash ?? GENESIS_HASH,
  };
  // The record exactly as 0017's recordAudit hashed it (written out here, not through chainedRecordOf).
  const hash = hashRecord({
    chain,
    seq: values.seq,
    at: values.at.toISOString(),
    actor: { id: values.actorId, email: values.actorEmail },
    organisation_id: values.organisationId,
    action: values.action,
    target: null,
    outcome: 'success',
    ip: null,
    details: values.details,
    prev_hash: values.prevHash,
  });
  await db.insert(auditEvents).values({ ...values, hash });
  await db.update(auditChainHeads).set({ seq: values.seq, hash }).where(eq(auditChainHeads.chain, chain));
}
