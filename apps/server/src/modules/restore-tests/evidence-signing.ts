import { createHash, sign, verify, type KeyObject } from 'node:crypto';
import { RestoreTestEvidenceSchema, type RestoreTestEvidence } from '@proxai/contract';
import { canonicalJson } from '../../kernel/canonical-json';

/**
 * How restore-test evidence is signed and checked, shared by the server and the offline `evidence:verify`
 * script: Ed25519 over the canonical JSON (licence-canonical.ts: keys sorted, no whitespace) of every field but
 * `signature`. The file is the canonical JSON of the whole document plus a newline and nothing else, so a
 * verifier can insist on those exact bytes: editing any one byte of the file fails the check.
 */

export type EvidenceBody = Omit<RestoreTestEvidence, 'algorithm' | 'key_id' | 'signature'>;

/** The key's id: the first 16 hex digits of the SHA-256 of its SPKI DER (the evidence names the key that signed it). */
export const keyIdOf = (publicKey: KeyObject): string =>
  createHash('sha256')
    .update(publicKey.export({ format: 'der', type: 'spki' }))
    .digest('hex')
    .slice(0, 16);

const signedBytes = (doc: Omit<RestoreTestEvidence, 'signature'>): Buffer => Buffer.from(canonicalJson(doc), 'utf8');

export function signEvidence(body: EvidenceBody, privateKey: KeyObject, publicKey: KeyObject): RestoreTestEvidence {
  const unsigned = { ...body, algorithm: 'Ed25519' as const, key_id: keyIdOf(publicKey) };
  return { ...unsigned, signature: sign(null, signedBytes(unsigned), privateKey).toString('base64') };
}

/** The bytes of the evidence file. */
export const evidenceFile = (doc: RestoreTestEvidence): string => `${canonicalJson(doc)}\n`;

export type EvidenceCheck =
  | { ok: true; evidence: RestoreTestEvidence }
  | { ok: false; reason: 'unreadable' | 'not_canonical' | 'other_key' | 'bad_signature'; detail: string };

/** Checks an evidence file's bytes against `publicKey` (see the module comment for what is checked). */
export function verifyEvidenceFile(text: string, publicKey: KeyObject): EvidenceCheck {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { ok: false, reason: 'unreadable', detail: `not JSON (${err instanceof Error ? err.message : String(err)})` };
  }
  const parsed = RestoreTestEvidenceSchema.safeParse(raw);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((i) => i.path.join('.') || '(root)'))].join(', ');
    return { ok: false, reason: 'unreadable', detail: `not a restore-test evidence file (bad or missing fields: ${fields})` };
  }
  // Compared with the document as parsed, not as the schema rebuilt it: an added field is an edit too.
  if (text !== `${canonicalJson(raw)}\n`)
    return {
      ok: false,
      reason: 'not_canonical',
      detail: 'the file is not byte for byte the canonical JSON the portal wrote (it was edited or reformatted)',
    };
  const evidence = parsed.data;
  const keyId = keyIdOf(publicKey);
  if (evidence.key_id !== keyId)
    return { ok: false, reason: 'other_key', detail: `signed by key ${evidence.key_id}, not by the key given (${keyId})` };
  const { signature, ...unsigned } = raw as RestoreTestEvidence;
  const valid =
    /^[A-Za-z0-9+/]+={0,2}$/.test(signature) &&
    (() => {
      try {
        return verify(null, signedBytes(unsigned), publicKey, Buffer.from(signature, 'base64'));
      } catch {
        return false;
      }
    })();
  return valid
    ? { ok: true, evidence }
    : { ok: false, reason: 'bad_signature', detail: 'the signature does not match the contents' };
}
