import fs from 'node:fs';
import path from 'node:path';
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The server's Ed25519 signing keys (licences, restore-test evidence): from a variable when set (PKCS#8 PEM or its
 * DER in base64), else a file in DATA_DIR created (0600) the first time. The public key is (re)written beside it
 * for the offline verifiers. Replicas share a key through the variable or a shared DATA_DIR.
 */

export interface Ed25519KeyFiles {
  /** The variable's value, when set, and its name (for messages). */
  envKey?: string;
  envName: string;
  dataDir: string;
  privateFile: string;
  publicFile: string;
  /** What the key signs, for messages: 'licence signing', 'evidence signing'. */
  purpose: string;
  log: FastifyBaseLogger;
}

export interface LoadedKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  source: 'env' | 'file' | 'created';
}

/** A PKCS#8 PEM, or the same DER in base64; Ed25519 only. */
export function parsePrivateKey(text: string, where: string, purpose = 'signing'): KeyObject {
  let key: KeyObject;
  try {
    key = text.includes('-----BEGIN')
      ? createPrivateKey(text)
      : createPrivateKey({ key: Buffer.from(text.trim(), 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    // The key text itself never goes into the message.
    throw new Error(`${where}: not a readable PKCS#8 private key (PEM or base64 DER)`);
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(`${where}: the ${purpose} key must be Ed25519 (got ${key.asymmetricKeyType ?? 'unknown'})`);
  return key;
}

/**
 * Writes the new key under a temporary name and hard-links it into place: two processes starting at once
 * on the same data directory both end up with the one key that won, never with a half-written file.
 */
function createKeyFile(file: string): 'created' | 'exists' {
  const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' });
  const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, pem, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(tmp, file);
    return 'created';
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return 'exists';
    throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

export function loadEd25519Key(o: Ed25519KeyFiles): LoadedKey {
  fs.mkdirSync(o.dataDir, { recursive: true });
  const file = path.join(o.dataDir, o.privateFile);
  let privateKey: KeyObject;
  let source: LoadedKey['source'];
  if (o.envKey) {
    privateKey = parsePrivateKey(o.envKey, o.envName, o.purpose);
    source = 'env';
  } else {
    source = fs.existsSync(file) ? 'file' : createKeyFile(file) === 'created' ? 'created' : 'file';
    const mode = fs.statSync(file).mode & 0o777;
    if (mode & 0o077)
      o.log.warn({ file, mode: mode.toString(8) }, `${o.purpose} key file is readable by other users; chmod 600 it`);
    privateKey = parsePrivateKey(fs.readFileSync(file, 'utf8'), file, o.purpose);
  }
  const publicKey = createPublicKey(privateKey);
  const publicFile = path.join(o.dataDir, o.publicFile);
  const publicPem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
  try {
    const current = fs.existsSync(publicFile) ? fs.readFileSync(publicFile, 'utf8') : '';
    if (current !== publicPem) fs.writeFileSync(publicFile, publicPem, { mode: 0o644 });
  } catch (err) {
    // Only a convenience for the offline verifier: the server signs fine without it.
    o.log.warn({ file: publicFile, err }, `could not write the ${o.purpose} public key file`);
  }
  if (source === 'created') o.log.info({ file }, `${o.purpose} key created (Ed25519)`);
  else o.log.info({ source: source === 'env' ? o.envName : file }, `${o.purpose} key loaded`);
  return { privateKey, publicKey, source };
}
