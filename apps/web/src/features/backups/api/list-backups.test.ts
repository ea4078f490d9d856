import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { startEarly } from '@/lib/api-client';
import { backupsPath } from './backups-path';
import { backupsQuery } from './list-backups';

// The route's loader starts the first page under backupsPath(); the list's first page must ask for the very same
// path to take that answer instead of asking again.

const page = (cursor: string | null) => ({ items: [], next_cursor: cursor });

afterEach(() => {
  vi.unstubAllGlobals();
  window.__proxaiEarly = undefined;
  localStorage.clear();
});

describe('backups list', () => {
  it('names every filter in the path, in a stable order', () => {
    expect(backupsPath({})).toBe('/backups?limit=100');
    expect(backupsPath({ guestId: 'g 1', hostId: 'h1', since: '2026-01-01T00:00:00.000Z' }, 'c/2')).toBe(
      '/backups?limit=100&guest_id=g+1&host_id=h1&since=2026-01-01T00%3A00%3A00.000Z&cursor=c%2F2',
    );
    expect(backupsPath({ guestId: '', hostId: '' }, '')).toBe('/backups?limit=100');
  });

  it("takes the loader's early read for its first page, once, and asks for the next pages itself", async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    const answers = [page('c1'), page('c1'), page(null)];
    const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(answers.shift())));
    vi.stubGlobal('fetch', fetchMock);
    startEarly([backupsPath({ hostId: 'h1' })]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const query = backupsQuery({ hostId: 'h1' });
    await client.fetchInfiniteQuery(query);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/backups?limit=100&host_id=h1']);
    // Read again with a second page: the early read was taken once, the first page is asked for now.
    await client.fetchInfiniteQuery({ ...query, pages: 2 });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/backups?limit=100&host_id=h1',
      '/api/backups?limit=100&host_id=h1',
      '/api/backups?limit=100&host_id=h1&cursor=c1',
    ]);
  });
});
