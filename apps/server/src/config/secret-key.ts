/** A 32-byte key written as 64 hex digits or base64 (PROXAI_SECRET_KEY, `DATA_DIR/secret.key`); undefined when it is not one. */
export function parseSecretKey(value: string): Buffer | undefined {
  const trimmed = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return undefined;
  const b64 = Buffer.from(trimmed, 'base64');
  return b64.length === 32 ? b64 : undefined;
}
