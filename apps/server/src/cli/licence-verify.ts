import fs from 'node:fs';
import path from 'node:path';
import type { KeyObject } from 'node:crypto';
import { LicenceFileSchema } from '@proxai/contract';
import { verifyLicenceSignature, verifyLicenceStatus } from '../modules/licenses/licence-canonical';
import { fileArgument, readPublicKey } from './cli-args';
import { loadConfigOrExit } from '../config/env';
import { PUBLIC_KEY_FILE } from '../modules/licenses/licence-signing';
import { readVersion } from '../version';

const USAGE = `Usage: npm run licence:verify -- <licence.json> [--public-key <file|base64|PEM>]

Checks a downloaded licence file offline: its Ed25519 signature, whether it was revoked when it was
downloaded, and whether it has expired. Nothing is sent anywhere.

The public key is never taken from the licence file itself (a forger would bring their own). In order:
  1. --public-key: a PEM file, a file holding the JSON answer of GET /api/licenses/public-key,
     or the base64 SPKI key (public_key_base64 of that answer) given inline;
  2. <DATA_DIR>/${PUBLIC_KEY_FILE}, written by the server at every start (same DATA_DIR setting as
     the server, default ./data): the default on the machine that runs the portal.

The licence signature covers id, organisation_id, plan_type, issued_at, expires_at, features and limits.
A second signature (status_signature) covers id, revoked_at and status_at: whether the licence was revoked
when the portal read it for the download; removing or changing revoked_at breaks it. A revocation made after
the download cannot be seen offline.

Exit codes: 0 valid, 1 expired / revoked / tampered / unreadable, 2 usage error.`;

function main(): number {
  const args = fileArgument(process.argv.slice(2), USAGE, 'licence');
  if (typeof args === 'number') return args;
  const { file } = args;
  let publicKey: { key: KeyObject; from: string };
  try {
    publicKey = readPublicKey(args.publicKey, () => path.join(loadConfigOrExit(readVersion()).dataDir, PUBLIC_KEY_FILE));
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }

  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    process.stderr.write(`INVALID: cannot read ${file} as JSON (${err instanceof Error ? err.message : String(err)})\n`);
    return 1;
  }
  const licence = LicenceFileSchema.safeParse(raw);
  if (!licence.success) {
    const fields = licence.error.issues.map((i) => i.path.join('.') || '(root)').join(', ');
    process.stderr.write(`TAMPERED: ${file} is not a licence file (bad or missing fields: ${fields})\n`);
    return 1;
  }
  const l = licence.data;
  if (!verifyLicenceSignature(l, l.signature, publicKey.key)) {
    process.stderr.write(
      `TAMPERED: the signature of licence ${l.id} does not match its contents (public key: ${publicKey.from})\n`,
    );
    return 1;
  }
  if (!verifyLicenceStatus(l, l.status_signature, publicKey.key)) {
    process.stderr.write(
      `TAMPERED: the revocation status of licence ${l.id} (revoked_at, status_at) does not match its signature (public key: ${publicKey.from})\n`,
    );
    return 1;
  }
  const summary = `licence ${l.id}, plan ${l.plan_type}, organisation ${l.organisation_id}`;
  if (l.revoked_at) {
    const why = l.revoke_reason ? ` (reason: ${l.revoke_reason})` : '';
    process.stderr.write(
      `REVOKED: ${summary} was already revoked at download: revoked ${l.revoked_at}, downloaded ${l.download_date}${why}\n`,
    );
    return 1;
  }
  const expires = new Date(l.expires_at);
  if (expires.getTime() <= Date.now()) {
    process.stderr.write(`EXPIRED: ${summary} expired on ${l.expires_at}\n`);
    return 1;
  }
  const days = Math.ceil((expires.getTime() - Date.now()) / 86_400_000);
  process.stdout.write(
    `VALID: ${summary}, signature verified (public key: ${publicKey.from}); not revoked as of ${l.status_at}; expires ${l.expires_at} (${days} days left)\n`,
  );
  return 0;
}

process.exit(main());
