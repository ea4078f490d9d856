import type { KeyObject } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { LicencePublicKey } from '@proxai/contract';
import { loadEd25519Key, type LoadedKey } from '../../config/ed25519-key-file';

export const PRIVATE_KEY_FILE = 'licence-signing-key.pem';
/** Written next to the private key so `npm run licence:verify` finds a public key the licence file does not control. */
export const PUBLIC_KEY_FILE = 'licence-signing-key.pub';

export type LicenceSigningKey = LoadedKey;

/**
 * The key pair that signs licences: PROXAI_LICENSE_KEY when set, else `<dataDir>/licence-signing-key.pem`,
 * created (mode 0600) the first time. The public key is (re)written beside it for offline verification.
 */
export function loadLicenceSigningKey(options: { envKey?: string; dataDir: string; log: FastifyBaseLogger }): LicenceSigningKey {
  return loadEd25519Key({
    ...options,
    envName: 'PROXAI_LICENSE_KEY',
    privateFile: PRIVATE_KEY_FILE,
    publicFile: PUBLIC_KEY_FILE,
    purpose: 'licence signing',
  });
}

export function publicKeyAnswer(publicKey: KeyObject): LicencePublicKey {
  return {
    algorithm: 'Ed25519',
    public_key_pem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    public_key_base64: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}
