import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { KeyObject } from 'node:crypto';
import { parsePublicKey } from '../modules/licenses/licence-canonical';

/**
 * What the offline verifiers (licence:verify, evidence:verify) share: one file argument, `--public-key`, usage
 * and exit code 2 on a usage error, and the public key read from the option or else from the server's DATA_DIR.
 */

/** The one file to check, or the exit code when there is none to check (help: 0, usage error: 2). */
export function fileArgument(args: string[], usage: string, what: string): { file: string; publicKey?: string } | number {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: { 'public-key': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${usage}\n`);
    return 2;
  }
  if (parsed.values.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) {
    process.stderr.write(`Give exactly one ${what} file.\n\n${usage}\n`);
    return 2;
  }
  if (!fs.existsSync(file)) {
    process.stderr.write(`No such file: ${file}\n\n${usage}\n`);
    return 2;
  }
  return { file, publicKey: parsed.values['public-key'] };
}

/**
 * The public key: `--public-key` (a PEM file, a file holding the JSON answer of the public-key route, or the
 * base64 SPKI key inline), else `defaultFile` (written by the server in its DATA_DIR at every start).
 */
export function readPublicKey(option: string | undefined, defaultFile: () => string): { key: KeyObject; from: string } {
  if (option) {
    const isFile = fs.existsSync(option);
    return { key: parsePublicKey(isFile ? fs.readFileSync(option, 'utf8') : option), from: isFile ? option : '--public-key' };
  }
  const file = path.resolve(defaultFile());
  if (!fs.existsSync(file))
    throw new Error(`No public key: pass --public-key, or run where ${file} exists (the server's DATA_DIR).`);
  return { key: parsePublicKey(fs.readFileSync(file, 'utf8')), from: file };
}

/**
 * The public key of the evidence-signing key for an offline check: `--public-key`, else the one the server wrote
 * into its data directory. Writes why on stderr and answers null (exit code 2) when there is none.
 */
export function evidencePublicKeyOrNull(
  option: string | undefined,
  dataDirFile: () => string,
): { key: KeyObject; from: string } | null {
  try {
    return readPublicKey(option, dataDirFile);
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    return null;
  }
}
