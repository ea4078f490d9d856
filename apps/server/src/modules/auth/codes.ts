import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A 6-digit code, uniformly drawn (leading zeros kept). */
export const newOtpCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** 32 random bytes, base64url: the e-mailed link's token and the one-time handoff id. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** The code is bound to its row: the same code in two rows hashes differently. */
export const hashOtpCode = (rowId: string, code: string) => sha256Hex(`${rowId}:${code}`);

export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
