import { describe, expect, it } from 'vitest';
import { normalizeFingerprint } from './fingerprint';

const FP = '80:D4:F2:DF:64:95:CD:8D:A0:82:82:AC:48:BA:C0:7A:1B:6B:87:8B:FE:B9:83:1C:95:4E:79:58:77:99:69:F5';

describe('normalizeFingerprint', () => {
  it('accepts any case, with or without colons', () => {
    expect(normalizeFingerprint(FP.toLowerCase())).toBe(FP);
    expect(normalizeFingerprint(FP.replace(/:/g, ''))).toBe(FP);
  });
  it('rejects a SHA-1 or garbage', () => {
    expect(() => normalizeFingerprint('AA:BB')).toThrow(TypeError);
    expect(() => normalizeFingerprint(FP.replace('80', 'ZZ'))).toThrow(/not a SHA-256 fingerprint/);
  });
});
