// Checks a restore-test evidence file offline: `npm run evidence:verify -- <evidence.json> [--public-key <key>]`.
// Nothing is sent anywhere.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfigOrExit } from '../config/env';
import { EVIDENCE_PUBLIC_KEY_FILE } from '../modules/restore-tests/evidence-key';
import { verifyEvidenceFile } from '../modules/restore-tests/evidence-signing';
import { readVersion } from '../version';
import { evidencePublicKeyOrNull, fileArgument } from './cli-args';

const USAGE = `Usage: npm run evidence:verify -- <evidence.json> [--public-key <file|base64|PEM>]

Checks a restore-test evidence file (GET /api/restore-tests/{id}/evidence) offline: that it is byte for byte
what the portal signed and that its Ed25519 signature matches. Then prints what it proves.

The public key is never taken from the evidence file (a forger would bring their own). In order:
  1. --public-key: a PEM file, a file holding the JSON answer of GET /api/evidence/public-key,
     or the base64 SPKI key (public_key of that answer) given inline;
  2. <DATA_DIR>/${EVIDENCE_PUBLIC_KEY_FILE}, written by the server at every start (DATA_DIR as the
     server's, default ./data): the default on the machine that runs the portal.

Exit codes: 0 valid, 1 tampered / signed by another key / unreadable, 2 usage error.`;

function main(): number {
  const args = fileArgument(process.argv.slice(2), USAGE, 'evidence');
  if (typeof args === 'number') return args;
  const { file } = args;
  const publicKey = evidencePublicKeyOrNull(args.publicKey, () =>
    path.join(loadConfigOrExit(readVersion()).dataDir, EVIDENCE_PUBLIC_KEY_FILE),
  );
  if (!publicKey) return 2;
  const check = verifyEvidenceFile(fs.readFileSync(file, 'utf8'), publicKey.key);
  if (!check.ok) {
    const label = check.reason === 'other_key' ? 'OTHER KEY' : check.reason === 'unreadable' ? 'INVALID' : 'TAMPERED';
    process.stderr.write(`${label}: ${file}: ${check.detail} (public key: ${publicKey.from})\n`);
    return 1;
  }
  const e = check.evidence;
  const rto = e.rto_seconds === null ? '' : `, RTO ${e.rto_seconds} s`;
  const reason = e.result.reason ? ` (${e.result.reason})` : '';
  process.stdout.write(
    `VALID: restore test ${e.restore_test_id} of ${e.guest.name} (${e.guest.type} ${e.guest.vmid} on ${e.guest.host_name}), ` +
      `backup ${e.backup.volid ?? 'none'} of ${e.backup.time ?? '?'}: ${e.result.status.toUpperCase()}${rto}${reason}; ` +
      `NICs down before boot: ${e.isolation.checked ? (e.isolation.all_links_down ? 'yes' : 'NO') : 'not checked'}; ` +
      `cleanup: ${e.cleanup.detail}; signed ${e.signed_at} by key ${e.key_id} (public key: ${publicKey.from})\n`,
  );
  return 0;
}

process.exit(main());
