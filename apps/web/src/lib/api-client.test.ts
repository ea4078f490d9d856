import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, ApiError, NetworkError, setUnauthorizedHandler, startEarly } from './api-client';
import { STORAGE_KEYS } from '@/config/storage-keys';

function mockFetch(status: number, body: unknown) {
  const fn = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(body === undefined ? '' : JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

describe('api client', () => {
  it('sends JSON with the stored bearer token under /api', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok123');
    const fetchMock = mockFetch(200, { ok: true });
    await api('/hosts', { method: 'POST', body: { name: 'pve1' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/hosts');
    expect(init?.headers).toMatchObject({ authorization: 'Bearer tok123', 'content-type': 'application/json' });
    expect(init?.body).toBe('{"name":"pve1"}');
  });

  it('validates the answer with the given schema', async () => {
    mockFetch(200, { hosts: 2 });
    const data = await api('/stats', { schema: z.object({ hosts: z.number() }) });
    expect(data.hosts).toBe(2);
    mockFetch(200, { hosts: 'two' });
    await expect(api('/stats', { schema: z.object({ hosts: z.number() }) })).rejects.toThrow();
  });

  it('turns {detail, code} answers into ApiError', async () => {
    mockFetch(409, { detail: 'Vous êtes déjà inscrit', code: 'already_subscribed' });
    const err = await api('/newsletter/subscribe', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, detail: 'Vous êtes déjà inscrit', code: 'already_subscribed' });
  });

  it('calls the 401 handler unless told not to', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    mockFetch(401, { detail: 'Authentication required', code: 'unauthenticated' });
    await expect(api('/vms')).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledTimes(1);
    await expect(api('/auth/me', { skipUnauthorizedHandler: true })).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('reports unreachable servers and non-JSON answers as NetworkError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    );
    await expect(api('/stats')).rejects.toBeInstanceOf(NetworkError);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>502 Bad Gateway</html>', { status: 502 })),
    );
    await expect(api('/stats')).rejects.toBeInstanceOf(NetworkError);
  });

  describe('language', () => {
    afterEach(async () => {
      vi.restoreAllMocks();
      localStorage.clear();
    });

    it("sends the UI's current language as Accept-Language on every call", async () => {
      await i18next.init({ lng: 'de', supportedLngs: ['fr', 'en', 'de', 'ja'], resources: {} });
      const fetchMock = mockFetch(200, { ok: true });
      await api('/hosts/h1/sync', { method: 'POST', body: {} });
      expect(fetchMock.mock.calls[0]![1]?.headers).toMatchObject({ 'accept-language': 'de' });
      await i18next.changeLanguage('ja');
      await api('/stats');
      expect(fetchMock.mock.calls[1]![1]?.headers).toMatchObject({ 'accept-language': 'ja' });
      // A header given by the caller (the advice query) wins.
      await api('/proxai/advice?context=general', { headers: { 'accept-language': 'fr' } });
      expect(fetchMock.mock.calls[2]![1]?.headers).toMatchObject({ 'accept-language': 'fr' });
    });

    it('falls back to the saved language before i18next has one, and sends none without either', async () => {
      vi.spyOn(i18next, 'resolvedLanguage', 'get').mockReturnValue(undefined);
      vi.spyOn(i18next, 'language', 'get').mockReturnValue(undefined as unknown as string);
      const fetchMock = mockFetch(200, { ok: true });
      await api('/stats');
      expect(fetchMock.mock.calls[0]![1]?.headers).not.toHaveProperty('accept-language');
      localStorage.setItem(STORAGE_KEYS.language, 'es');
      await api('/stats');
      expect(fetchMock.mock.calls[1]![1]?.headers).toMatchObject({ 'accept-language': 'es' });
    });
  });

  describe('early reads', () => {
    afterEach(() => {
      window.__proxaiEarly = undefined;
      localStorage.clear();
    });

    it('a query marked early takes the answer started before it, once', async () => {
      localStorage.setItem(STORAGE_KEYS.token, 'tok123');
      localStorage.setItem(STORAGE_KEYS.language, 'it');
      const fetchMock = mockFetch(200, [{ vmid: 100 }]);
      startEarly(['/vms']);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(fetchMock.mock.calls[0]![1]?.headers).toMatchObject({ authorization: 'Bearer tok123' });
      expect(fetchMock.mock.calls[0]![1]?.headers).toHaveProperty('accept-language');
      await expect(api('/vms', { early: true })).resolves.toEqual([{ vmid: 100 }]);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // Taken: the next read (a refresh) asks again.
      await api('/vms', { early: true });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('does not start twice what the boot script already started, and ignores stale answers', async () => {
      localStorage.setItem(STORAGE_KEYS.token, 'tok123');
      const fetchMock = mockFetch(200, { hosts: 1 });
      window.__proxaiEarly = { '/stats': { at: performance.now(), response: Promise.resolve(new Response('{"hosts":7}')) } };
      startEarly(['/stats']);
      expect(fetchMock).not.toHaveBeenCalled();
      await expect(api('/stats', { early: true })).resolves.toEqual({ hosts: 7 });
      window.__proxaiEarly = {
        '/stats': { at: performance.now() - 60_000, response: Promise.resolve(new Response('{"hosts":7}')) },
      };
      await expect(api('/stats', { early: true })).resolves.toEqual({ hosts: 1 });
    });

    it('takes the body the boot script already parsed, and reports one that was not JSON', async () => {
      const fetchMock = mockFetch(200, {});
      // As theme-init.js leaves it: the response, and its body read and parsed as it arrived.
      const response = new Response('[{"vmid":101}]');
      window.__proxaiEarly = {
        '/vms': {
          at: performance.now(),
          response: Promise.resolve(response),
          body: Promise.resolve({ data: [{ vmid: 101 }] }),
        },
        '/hosts': {
          at: performance.now(),
          response: Promise.resolve(new Response('<html>')),
          body: Promise.resolve({ invalid: true }),
        },
      };
      await expect(api('/vms', { early: true })).resolves.toEqual([{ vmid: 101 }]);
      expect(response.bodyUsed).toBe(false);
      await expect(api('/hosts', { early: true })).rejects.toBeInstanceOf(NetworkError);
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('starts nothing without a session, and an early 401 still reaches the 401 handler', async () => {
      const fetchMock = mockFetch(401, { detail: 'Not authenticated', code: 'unauthenticated' });
      startEarly(['/vms']);
      expect(fetchMock).not.toHaveBeenCalled();
      localStorage.setItem(STORAGE_KEYS.token, 'expired');
      startEarly(['/vms']);
      const seen: ApiError[] = [];
      setUnauthorizedHandler((e) => seen.push(e));
      await expect(api('/vms', { early: true })).rejects.toBeInstanceOf(ApiError);
      expect(seen).toHaveLength(1);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
  });
});
