import { describe, expect, it } from 'vitest';
import { containsSecret } from './contains-secret';

describe('containsSecret', () => {
  it('finds a numeric code only as a whole number', () => {
    expect(containsSecret('{"time":1795324724702,"msg":"ok"}', '724702')).toBe(false);
    expect(containsSecret('{"msg":"your code is 724702"}', '724702')).toBe(true);
    expect(containsSecret('{"code":"724702"}', '724702')).toBe(true);
    expect(containsSecret('1724702 and 724702', '724702')).toBe(true);
    // Within a hex id, bounded by a letter: not a code (a UUID's groups are never six characters long).
    expect(containsSecret('/api/vms/c355b821-6aa0-4274-8dad-935027d882c0/action', '935027')).toBe(false);
    expect(containsSecret('code=935027.', '935027')).toBe(true);
  });

  it('finds other secrets anywhere', () => {
    expect(containsSecret('Bearer abcDEF123_-xyz in a header', 'abcDEF123_-xyz')).toBe(true);
    expect(containsSecret('nothing here', 'abcDEF123_-xyz')).toBe(false);
  });
});
