import fs from 'node:fs';
import path from 'node:path';
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { LicencePublicKey } from '@proxai/contract';

export const PRIVATE_KEY_FILE = 'licence-signing-key.pem';
/** Written next to the private key so `npm run licence:verify` finds a public key the licence file does not control. */
export const PUBLIC_KEY_FILE = 'licence-signing-key.pub';

export interface LicenceSigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  source: 'env' | 'file' | 'created';
}

function assertEd25519(key: KeyObject, where: string): void {
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error(`${where}: the licence signing key must be Ed25519 (got ${key.asymmetricKeyType ?? 'unknown'})`);
  }
}

/** PROXAI_LICENSE_KEY is a PKCS#8 PEM, or the same DER in base64. */
export function parsePrivateKey(text: string, where: string): KeyObject {
  let key: KeyObject;
  try {
    key = text.includes('-----BEGIN')
      ? createPrivateKey(text)
      : createPrivateKey({ key: Buffer.from(text.trim(), 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    // The key text itself never goes into the message.
    throw new Error(`${where}: not a readable PKCS#8 private key (PEM or base64 DER)`);
  }
  assertEd25519(key, where);
  return key;
}

/**
 * Writes the new key under a temporary name and hard-links it into place: two processes starting at once
 * on the same data directory both end up with the one key that won, never with a half-written file.
 */
function createKeyFile(file: string): 'created' | 'exists' {
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' });
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

/**
 * The key pair that signs licences: PROXAI_LICENSE_KEY when set, else `<dataDir>/licence-signing-key.pem`,
 * created (mode 0600) the first time. The public key is (re)written beside it for offline verification.
 */
export function loadLicenceSigningKey(options: { envKey?: string; dataDir: string; log: FastifyBaseLogger }): LicenceSigningKey {
  const { envKey, dataDir, log } = options;
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, PRIVATE_KEY_FILE);
  let privateKey: KeyObject;
  let source: LicenceSigningKey['source'];
  if (envKey) {
    privateKey = parsePrivateKey(envKey, 'PROXAI_LICENSE_KEY');
    source = 'env';
  } else {
    source = fs.existsSync(file) ? 'file' : createKeyFile(file) === 'created' ? 'created' : 'file';
    const mode = fs.statSync(file).mode & 0o777;
    if (mode & 0o077)
      log.warn({ file, mode: mode.toString(8) }, 'licence signing key file is readable by other users; chmod 600 it');
    privateKey = parsePrivateKey(fs.readFileSync(file, 'utf8'), file);
  }
  const publicKey = createPublicKey(privateKey);
  const publicFile = path.join(dataDir, PUBLIC_KEY_FILE);
  const publicPem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
  try {
    const current = fs.existsSync(publicFile) ? fs.readFileSync(publicFile, 'utf8') : '';
    if (current !== publicPem) fs.writeFileSync(publicFile, publicPem, { mode: 0o644 });
  } catch (err) {
    // Only a convenience for the CLI: the server signs fine without it.
    log.warn({ file: publicFile, err }, 'could not write the licence public key file');
  }
  if (source === 'created') log.info({ file }, 'licence signing key created (Ed25519)');
  else log.info({ source: source === 'env' ? 'PROXAI_LICENSE_KEY' : file }, 'licence signing key loaded');
  return { privateKey, publicKey, source };
}

export function publicKeyAnswer(publicKey: KeyObject): LicencePublicKey {
  return {
    algorithm: 'Ed25519',
    public_key_pem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    public_key_base64: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}
