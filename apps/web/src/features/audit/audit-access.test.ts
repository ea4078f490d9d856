// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { StoredUser } from '@/lib/auth-storage';
import { mayArchiveAudit, mayReadAudit } from './audit-access';

const member = (org_role: string): StoredUser => ({
  id: '1',
  email: 'ada@example.org',
  name: 'Ada',
  role: 'user',
  organisation_id: 'o',
  org_role,
});

describe('mayReadAudit', () => {
  it('lets owners and administrators read, not operators nor read-only members', () => {
    expect(mayReadAudit(member('owner'))).toBe(true);
    expect(mayReadAudit(member('admin'))).toBe(true);
    expect(mayReadAudit(member('operator'))).toBe(false);
    expect(mayReadAudit(member('readonly'))).toBe(false);
    expect(mayReadAudit(member('intruder'))).toBe(false);
  });

  it('lets a platform administrator read the platform chain, whatever their stored org role', () => {
    expect(mayReadAudit({ ...member('readonly'), role: 'admin', organisation_id: null })).toBe(true);
    expect(mayReadAudit({ ...member('owner'), organisation_id: null })).toBe(false);
  });

  it('lets the server answer when nothing is stored', () => {
    expect(mayReadAudit(null)).toBe(true);
  });
});

describe('mayArchiveAudit', () => {
  it('lets owners archive, not administrators, operators nor read-only members', () => {
    expect(mayArchiveAudit(member('owner'))).toBe(true);
    expect(mayArchiveAudit(member('admin'))).toBe(false);
    expect(mayArchiveAudit(member('operator'))).toBe(false);
    expect(mayArchiveAudit(member('readonly'))).toBe(false);
    expect(mayArchiveAudit(member('intruder'))).toBe(false);
  });

  it('lets a platform administrator archive the platform chain, nobody else without an organisation', () => {
    expect(mayArchiveAudit({ ...member('readonly'), role: 'admin', organisation_id: null })).toBe(true);
    expect(mayArchiveAudit({ ...member('owner'), organisation_id: null })).toBe(false);
  });
});
