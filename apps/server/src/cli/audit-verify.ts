// Checks an audit export offline: `npm run audit:verify -- <export.jsonl> [--public-key <key>]`. Nothing is sent anywhere.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfigOrExit } from '../config/env';
import { verifyExport, type ChainStart } from '../modules/audit/audit-verifier';
import { EVIDENCE_PUBLIC_KEY_FILE } from '../modules/restore-tests/evidence-key';
import { readVersion } from '../version';
import { evidencePublicKeyOrNull, fileArgument } from './cli-args';

const USAGE = `Usage: npm run audit:verify -- <export.jsonl> [--public-key <file|base64|PEM>]

Checks an audit trail export (GET /api/audit/export) or archive (POST /api/audit/archive, DATA_DIR/audit-archive/)
offline: every record's SHA-256 hash, the links of each chain from its first exported record, or from the signed
checkpoint before it (where an archived chain continues), and the Ed25519 signature of every head and checkpoint
(the last one must close each chain). Names the first record that was edited, deleted, inserted or reordered, and
a checkpoint that was forged or does not lead to the record after it.

The public key is never taken from the export. In order:
  1. --public-key: a PEM file, a file holding the JSON answer of GET /api/evidence/public-key,
     or the base64 SPKI key (public_key of that answer) given inline;
  2. <DATA_DIR>/${EVIDENCE_PUBLIC_KEY_FILE}, written by the server at every start.

Exit codes: 0 valid, 1 tampered / signed by another key / unreadable, 2 usage error.`;

function main(): number {
  const args = fileArgument(process.argv.slice(2), USAGE, 'export');
  if (typeof args === 'number') return args;
  const publicKey = evidencePublicKeyOrNull(args.publicKey, () =>
    path.join(loadConfigOrExit(readVersion()).dataDir, EVIDENCE_PUBLIC_KEY_FILE),
  );
  if (!publicKey) return 2;
  const result = verifyExport(fs.readFileSync(args.file, 'utf8'), publicKey.key);
  if (!result.ok) {
    process.stderr.write(
      `${result.problem.toUpperCase()}: ${args.file}: ${result.detail} (line ${result.line}; public key: ${publicKey.from})\n`,
    );
    return 1;
  }
  process.stdout.write(
    `VALID: ${args.file}: ${result.records} records in ${result.chains.length} chain(s), ${result.heads} signed head(s), ${result.checkpoints} checkpoint(s) (public key: ${publicKey.from})\n`,
  );
  for (const start of result.starts) process.stdout.write(`  ${startLine(start)}\n`);
  return 0;
}

/** Where a chain of the file starts, so the reader knows whether it covers the chain's whole past. */
function startLine(s: ChainStart): string {
  switch (s.from) {
    case 'genesis':
      return `${s.chain}: from its first record`;
    case 'checkpoint':
      return `${s.chain}: from record ${s.seq}, after the signed checkpoint of record ${s.seq - 1} (earlier records were archived)`;
    case 'partial':
      return `${s.chain}: from record ${s.seq} (the records before it are not in this file)`;
  }
}

process.exit(main());
