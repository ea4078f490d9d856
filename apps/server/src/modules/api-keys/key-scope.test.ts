import { describe, expect, it } from 'vitest';
import { keyMayCall } from '../../access/route-policy';
import { channelScopeFor, channelWithinKey, scheduleWithinKey, SCOPED_ROUTES, type KeyScope } from './key-scope';
import { type AuthUser } from '../../kernel/principal';

const scope = (hostIds: string[] | null, tags: string[] | null): KeyScope => ({
  hostIds: hostIds && new Set(hostIds),
  tags: tags && new Set(tags),
});
const keyUser = (hostIds: string[] | null, tags: string[] | null): AuthUser => ({
  id: 'u1',
  email: 'owner@example.test',
  name: null,
  role: 'user',
  organisationId: 'o1',
  orgRole: 'owner',
  language: 'en',
  timezone: null,
  sessionId: '',
  apiKey: { id: 'k1', name: 'ci', prefix: 'pxk_abcd', scopes: ['notifications.manage'], hostIds, tags },
});

describe("a notification channel under an API key's host/tag scope", () => {
  it('is within a host-scoped key when it covers some of its hosts only', () => {
    const key = scope(['h1', 'h2'], null);
    expect(channelWithinKey(key, { host_ids: ['h1'] })).toBe(true);
    expect(channelWithinKey(key, { host_ids: ['h1', 'h2'] })).toBe(true);
    expect(channelWithinKey(key, { host_ids: ['h1', 'h3'] })).toBe(false);
    expect(channelWithinKey(key, { all: true })).toBe(false);
    expect(channelWithinKey(key, { tags: ['web'] })).toBe(false);
  });

  it('is within a tag-scoped key when it covers guests with some of its tags only', () => {
    const key = scope(null, ['web', 'db']);
    expect(channelWithinKey(key, { tags: ['db'] })).toBe(true);
    expect(channelWithinKey(key, { tags: ['db', 'cache'] })).toBe(false);
    expect(channelWithinKey(key, { host_ids: ['h1'] })).toBe(false);
  });

  it('is never within a key limited by both hosts and tags (no channel scope is their intersection)', () => {
    const key = scope(['h1'], ['web']);
    expect(channelWithinKey(key, { host_ids: ['h1'] })).toBe(false);
    expect(channelWithinKey(key, { tags: ['web'] })).toBe(false);
  });

  it("gets the key's own scope for {all}, keeps a narrower one, and refuses a wider one or a key of both", () => {
    expect(channelScopeFor(keyUser(['h1', 'h2'], null), { all: true })).toEqual({ host_ids: ['h1', 'h2'] });
    expect(channelScopeFor(keyUser(null, ['web']), { all: true })).toEqual({ tags: ['web'] });
    expect(channelScopeFor(keyUser(['h1', 'h2'], null), { host_ids: ['h2'] })).toEqual({ host_ids: ['h2'] });
    expect(() => channelScopeFor(keyUser(['h1'], null), { host_ids: ['h9'] })).toThrow(/stay within/);
    expect(() => channelScopeFor(keyUser(['h1'], ['web']), { all: true })).toThrow(/cannot be limited to both/);
  });

  it('leaves the scope a person or an unscoped key asks for', () => {
    const person = { ...keyUser(null, null), apiKey: undefined };
    expect(channelScopeFor(person, { all: true })).toEqual({ all: true });
    expect(channelScopeFor(keyUser(null, null), { tags: ['x'] })).toEqual({ tags: ['x'] });
  });
});

describe('the routes open to a scoped key', () => {
  it('are all routes the policy table opens to API keys', () => {
    expect(Object.keys(SCOPED_ROUTES).filter((route) => !keyMayCall(route))).toEqual([]);
  });
});

describe("a schedule under an API key's host/tag scope", () => {
  const stop = (selector: Record<string, unknown>, kind = 'guest_action') => ({ kind, selector });

  it('is within a host-scoped key when its selector keeps to some of its hosts, for snapshots and power actions', () => {
    const key = scope(['h1', 'h2'], null);
    expect(scheduleWithinKey(key, stop({ host_ids: ['h1'] }))).toBe(true);
    expect(scheduleWithinKey(key, stop({ host_ids: ['h1', 'h2'], tags: ['web'] }, 'snapshot'))).toBe(true);
    expect(scheduleWithinKey(key, stop({ host_ids: ['h1', 'h3'] }))).toBe(false);
    // Guests, VM ids, pools, tags or all alone: the guests they pick may be on any host, now or later.
    for (const selector of [{ all: true }, { guest_ids: ['g1'] }, { vmids: [100] }, { pools: ['p'] }, { tags: ['web'] }]) {
      expect(scheduleWithinKey(key, stop(selector)), JSON.stringify(selector)).toBe(false);
    }
    // A backup writes to a shared datastore; a restore test restores there too.
    expect(scheduleWithinKey(key, stop({ host_ids: ['h1'] }, 'backup'))).toBe(false);
    expect(scheduleWithinKey(key, stop({ host_ids: ['h1'] }, 'restore-test'))).toBe(false);
  });

  it('is within a tag-scoped key when its selector keeps to some of its tags; a key with both needs both', () => {
    const byTag = scope(null, ['web', 'db']);
    expect(scheduleWithinKey(byTag, stop({ tags: ['db'] }))).toBe(true);
    expect(scheduleWithinKey(byTag, stop({ tags: ['db'], host_ids: ['h9'] }))).toBe(true);
    expect(scheduleWithinKey(byTag, stop({ tags: ['db', 'cache'] }))).toBe(false);
    expect(scheduleWithinKey(byTag, stop({ host_ids: ['h1'] }))).toBe(false);
    const both = scope(['h1'], ['web']);
    expect(scheduleWithinKey(both, stop({ host_ids: ['h1'], tags: ['web'] }))).toBe(true);
    expect(scheduleWithinKey(both, stop({ host_ids: ['h1'] }))).toBe(false);
    expect(scheduleWithinKey(both, stop({ tags: ['web'] }))).toBe(false);
  });
});
