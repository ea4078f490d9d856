import { beforeEach, describe, expect, it } from 'vitest';
import { rememberNext, safeNextPath, takeRememberedNext } from './next-path';

describe('safeNextPath', () => {
  it('keeps a path of this site, with its query and hash', () => {
    expect(safeNextPath('/invite/abc')).toBe('/invite/abc');
    expect(safeNextPath('/vms?node=pve1#top')).toBe('/vms?node=pve1#top');
    expect(safeNextPath('/a/../dashboard')).toBe('/dashboard');
  });

  it.each([
    null,
    '',
    'dashboard',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    'https://evil.example/invite/abc',
    'javascript:alert(1)',
    '/auth',
    '/auth?next=/x',
  ])('refuses %j', (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });
});

describe('rememberNext', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps `next` for the OpenID Connect return, read once', () => {
    rememberNext('/invite/abc');
    expect(takeRememberedNext()).toBe('/invite/abc');
    expect(takeRememberedNext()).toBeNull();
  });

  it('forgets it when the new sign-in has none, and never returns an unsafe one', () => {
    rememberNext('/invite/abc');
    rememberNext(null);
    expect(takeRememberedNext()).toBeNull();
    sessionStorage.setItem('proxai_auth_next', '//evil.example');
    expect(takeRememberedNext()).toBeNull();
  });
});
