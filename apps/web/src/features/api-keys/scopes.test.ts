// @vitest-environment node
import { PERMISSIONS, ROLE_PERMISSIONS } from '@proxai/contract/permissions';
import { describe, expect, it } from 'vitest';
import { inMapOrder, offeredScopes, presetScopes, sameScopes } from './scopes';

describe('offeredScopes', () => {
  it('offers every permission of the map once, grouped, to someone holding them all', () => {
    const offered = offeredScopes(PERMISSIONS).flatMap((g) => g.permissions);
    expect([...offered].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('offers only what is held, in the map order, leaving out empty groups', () => {
    expect(offeredScopes(['audit.read', 'fleet.read', 'tasks.cancel'])).toEqual([
      { group: 'fleet', permissions: ['fleet.read'] },
      { group: 'operations', permissions: ['tasks.cancel'] },
      { group: 'organisation', permissions: ['audit.read'] },
    ]);
    expect(offeredScopes([])).toEqual([]);
  });
});

describe('presetScopes', () => {
  it('Read only is fleet.read; Operate acts on the fleet without managing it', () => {
    expect(presetScopes('readOnly', PERMISSIONS)).toEqual(['fleet.read']);
    const operate = presetScopes('operate', PERMISSIONS);
    expect(operate).toContain('guests.operate');
    expect(operate).not.toContain('hosts.manage');
    expect(operate).not.toContain('backups.restore_over');
    // An operator holds all of it.
    expect(presetScopes('operate', ROLE_PERMISSIONS.operator)).toEqual(operate);
  });

  it('is cut to what the person holds', () => {
    expect(presetScopes('operate', ['guests.operate', 'fleet.read'])).toEqual(['fleet.read', 'guests.operate']);
    expect(presetScopes('readOnly', ['guests.operate'])).toEqual([]);
  });
});

describe('sameScopes and inMapOrder', () => {
  it('compare selections whatever their order, and sort them as the map does', () => {
    expect(sameScopes(['tasks.cancel', 'fleet.read'], ['fleet.read', 'tasks.cancel'])).toBe(true);
    expect(sameScopes(['fleet.read'], ['fleet.read', 'tasks.cancel'])).toBe(false);
    expect(inMapOrder(['api_keys.create', 'fleet.read'])).toEqual(['fleet.read', 'api_keys.create']);
  });
});
