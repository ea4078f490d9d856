// @vitest-environment node
import { SnapshotNameSchema } from '@proxai/contract';
import { describe, expect, it } from 'vitest';
import { isSnapshotName } from './snapshot-name';

describe('isSnapshotName', () => {
  it("agrees with the contract's SnapshotNameSchema, and refuses PVE's reserved 'current'", () => {
    const samples = ['pre-patch', 'a1', 'A_b-c', 'x', '1abc', '-ab', 'ab cd', 'é1', 'a'.repeat(40), 'a'.repeat(41), 'ok_2026'];
    for (const name of samples) expect(isSnapshotName(name), name).toBe(SnapshotNameSchema.safeParse(name).success);
    expect(isSnapshotName('current')).toBe(false);
  });
});
