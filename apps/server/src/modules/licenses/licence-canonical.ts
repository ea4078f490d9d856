import { createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { canonicalJson } from '../../kernel/canonical-json';

/**
 * The exact bytes a licence signature covers, shared by the server (signing) and the offline
 * `licence:verify` CLI. Only the fields that grant rights are signed at issue; `is_active`, `revoked_*` and
 * `download_date` change later and are not covered (the revocation status has its own signature per answer).
 */
export const SIGNED_FIELDS = ['id', 'organisation_id', 'plan_type', 'issued_at', 'expires_at', 'features', 'limits'] as const;

export interface SignedLicenceFields {
  id: string;
  organisation_id: string;
  plan_type: string;
  issued_at: string;
  expires_at: string;
  features: Record<string, boolean>;
  limits: Record<string, number>;
}

/** Picks the signed fields (dates as ISO strings) and serialises them canonically. */
export function signedBytes(licence: SignedLicenceFields): Buffer {
  const picked = Object.fromEntries(SIGNED_FIELDS.map((f) => [f, licence[f]]));
  return Buffer.from(canonicalJson(picked), 'utf8');
}

/**
 * The revocation status at the moment the server answered: signed with every answer (not at issue), so a
 * downloaded file cannot lose its `revoked_at` without breaking this signature.
 */
export interface LicenceStatusFields {
  id: string;
  revoked_at: string | null;
  status_at: string;
}

function statusBytes(status: LicenceStatusFields): Buffer {
  return Buffer.from(canonicalJson({ id: status.id, revoked_at: status.revoked_at, status_at: status.status_at }), 'utf8');
}

export function signLicenceStatus(status: LicenceStatusFields, privateKey: KeyObject): string {
  return sign(null, statusBytes(status), privateKey).toString('base64');
}

export function verifyLicenceStatus(status: LicenceStatusFields, signature: string, publicKey: KeyObject): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return verify(null, statusBytes(status), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

export function signLicence(licence: SignedLicenceFields, privateKey: KeyObject): string {
  return sign(null, signedBytes(licence), privateKey).toString('base64');
}

export function verifyLicenceSignature(licence: SignedLicenceFields, signature: string, publicKey: KeyObject): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return verify(null, signedBytes(licence), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/**
 * Reads an Ed25519 public key given as PEM, as base64 SPKI DER, or as the JSON answer of
 * `GET /api/licenses/public-key`. Throws with a readable message otherwise.
 */
export function parsePublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject;
  if (trimmed.startsWith('{')) {
    const parsed = JSON.parse(trimmed) as { public_key_pem?: unknown };
    if (typeof parsed.public_key_pem !== 'string') throw new Error('JSON public key without public_key_pem');
    key = createPublicKey(parsed.public_key_pem);
  } else if (trimmed.includes('-----BEGIN')) {
    key = createPublicKey(trimmed);
  } else {
    key = createPublicKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'spki' });
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`not an Ed25519 key (${key.asymmetricKeyType ?? 'unknown'})`);
  return key;
}
