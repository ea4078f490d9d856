import type { KeyObject } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { EvidencePublicKey } from '@proxai/contract';
import { loadEd25519Key } from '../../config/ed25519-key-file';
import { keyIdOf } from './evidence-signing';

/**
 * The server's evidence key (Ed25519), like the licence signing key (licenses/licence-signing.ts): PROXAI_EVIDENCE_KEY
 * when set (PKCS#8 PEM or its DER in base64), else `<DATA_DIR>/evidence-signing-key.pem`, created (0600) the
 * first time. The public key is written beside it for `npm run evidence:verify`. Replicas share it through the
 * variable or a shared DATA_DIR, as they share the licence key.
 */

export const EVIDENCE_PRIVATE_KEY_FILE = 'evidence-signing-key.pem';
export const EVIDENCE_PUBLIC_KEY_FILE = 'evidence-signing-key.pub';

export interface EvidenceKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  keyId: string;
}

export function loadEvidenceKey(options: { envKey?: string; dataDir: string; log: FastifyBaseLogger }): EvidenceKey {
  const { privateKey, publicKey } = loadEd25519Key({
    ...options,
    envName: 'PROXAI_EVIDENCE_KEY',
    privateFile: EVIDENCE_PRIVATE_KEY_FILE,
    publicFile: EVIDENCE_PUBLIC_KEY_FILE,
    purpose: 'evidence signing',
  });
  return { privateKey, publicKey, keyId: keyIdOf(publicKey) };
}

export function evidencePublicKeyAnswer(key: EvidenceKey): EvidencePublicKey {
  return {
    algorithm: 'Ed25519',
    public_key: key.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    public_key_pem: key.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    key_id: key.keyId,
  };
}

/** One key per data directory and variable for the process: the routes and the jobs sign with the same one. */
const loaded = new Map<string, EvidenceKey>();

export function evidenceKeyFor(config: { PROXAI_EVIDENCE_KEY?: string; dataDir: string }, log: FastifyBaseLogger): EvidenceKey {
  const cacheKey = `${config.dataDir}|${config.PROXAI_EVIDENCE_KEY ?? ''}`;
  let key = loaded.get(cacheKey);
  if (!key) {
    key = loadEvidenceKey({ envKey: config.PROXAI_EVIDENCE_KEY, dataDir: config.dataDir, log });
    loaded.set(cacheKey, key);
  }
  return key;
}
