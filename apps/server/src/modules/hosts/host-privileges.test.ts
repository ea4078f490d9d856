import { describe, expect, it } from 'vitest';
import { evaluatePrivileges } from './host-privileges';

const at = new Date('2026-11-24T12:00:00Z');
const feature = (result: ReturnType<typeof evaluatePrivileges>, name: string) => result.features.find((f) => f.feature === name)!;

describe('evaluatePrivileges', () => {
  it("the install page's least-privilege token reads the fleet and acts on guests, but takes no snapshots", () => {
    const perms = { '/': { 'Sys.Audit': 1, 'VM.Audit': 1, 'Datastore.Audit': 1, 'VM.PowerMgmt': 1 } };
    const result = evaluatePrivileges(perms, 'pve1', at);
    expect(feature(result, 'inventory').ok).toBe(true);
    expect(feature(result, 'guest_actions').ok).toBe(true);
    expect(feature(result, 'snapshots')).toMatchObject({
      ok: false,
      privileges: [
        { path: '/vms', privilege: 'VM.Snapshot', granted: false },
        { path: '/vms', privilege: 'VM.Snapshot.Rollback', granted: false },
      ],
    });
    expect(result.checked_at).toBe(at.toISOString());
  });

  it('a privilege granted on the exact path or a parent counts; on a sibling or a child it does not', () => {
    const perms = { '/nodes/pve1': { 'Sys.Modify': 1 }, '/vms/100': { 'VM.Snapshot': 1 }, '/nodes/pve2': { 'Sys.Audit': 1 } };
    const result = evaluatePrivileges(perms, 'pve1', at);
    expect(feature(result, 'updates').ok).toBe(true);
    expect(feature(result, 'snapshots').privileges[0]!.granted).toBe(false);
    expect(feature(result, 'inventory').privileges[0]).toEqual({ path: '/nodes/pve1', privilege: 'Sys.Audit', granted: false });
  });

  it('a privilege set to 0 is not granted', () => {
    const result = evaluatePrivileges({ '/': { 'VM.PowerMgmt': 0 } }, 'pve1', at);
    expect(feature(result, 'guest_actions').ok).toBe(false);
  });
});
