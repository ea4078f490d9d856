import type { components } from '@proxai/contract/openapi-types';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import {
  ApiError,
  apiCall,
  apiPath,
  ApprovalPendingError,
  setStepUpHandler,
  startEarly,
  STEP_UP_HEADER,
  type ApiAnswer,
  type ApiBody,
} from './api-client';

// The typed layer over api(): a fake fetch at the network edge answers each request in turn and records it. The
// types are checked by `tsc -p apps/web` (expectTypeOf, @ts-expect-error); the requests by running the tests.

type Schemas = components['schemas'];

function fakeFetch(...answers: { status: number; body?: unknown }[]) {
  const fn = vi.fn(async (_url: string, _init?: RequestInit) => {
    const answer = answers.shift() ?? { status: 500, body: { detail: 'no more answers', code: 'test' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setStepUpHandler(null);
  window.__proxaiEarly = undefined;
  localStorage.clear();
});

describe('apiCall', () => {
  it('substitutes and URI-encodes path parameters, sends the method and the JSON body, answers the body', async () => {
    const accepted = { task_id: 't1' };
    const fetchMock = fakeFetch({ status: 202, body: accepted });
    const answer = await apiCall('POST', '/vms/{id}/action', { path: { id: 'a b/c' }, body: { action: 'start', vmid: 101 } });
    expect(answer).toEqual(accepted);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/vms/a%20b%2Fc/action');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"action":"start","vmid":101}');
    expect(init?.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it('fills every parameter of a path that has several', async () => {
    const fetchMock = fakeFetch({ status: 202, body: { task_id: 't2' } });
    await apiCall('DELETE', '/vms/{id}/snapshots/{name}', { path: { id: 'g1', name: 'before #2' } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/vms/g1/snapshots/before%20%232');
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('DELETE');
    expect(fetchMock.mock.calls[0]![1]?.body).toBeUndefined();
  });

  it('serialises the query in its order with URLSearchParams, leaving undefined values out', async () => {
    const fetchMock = fakeFetch({ status: 200, body: { items: [], next_cursor: null } }, { status: 200, body: [] });
    await apiCall('GET', '/tasks', { query: { status: 'failed', guest_id: undefined, limit: 20, cursor: 'a&b=c' } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/tasks?status=failed&limit=20&cursor=a%26b%3Dc');
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('GET');
    // Nothing left: no `?`.
    await apiCall('GET', '/vms', { query: undefined });
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/vms');
  });

  it('answers nothing for a 204', async () => {
    fakeFetch({ status: 204 });
    await expect(apiCall('DELETE', '/api-keys/{id}', { path: { id: 'k1' } })).resolves.toBeUndefined();
  });

  it('throws the API error answered, with its body', async () => {
    const refusal = { detail: 'Not found', code: 'not_found' };
    fakeFetch({ status: 404, body: refusal });
    const error = await apiCall('GET', '/tasks/{id}', { path: { id: 'gone' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', detail: 'Not found', body: refusal });
  });

  it('asks for a step-up and sends the same request again with the proof', async () => {
    const challenge = { detail: 'Prove it', code: 'step_up_required', challenge: 'ch', methods: ['totp'], webauthn: null };
    const fetchMock = fakeFetch({ status: 401, body: challenge }, { status: 200, body: { message: 'Host removed' } });
    const handler = vi.fn(async () => 'proof');
    setStepUpHandler(handler);
    await expect(apiCall('DELETE', '/hosts/{id}', { path: { id: 'h1' } })).resolves.toEqual({ message: 'Host removed' });
    expect(handler).toHaveBeenCalledWith(challenge);
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init?.method])).toEqual([
      ['/api/hosts/h1', 'DELETE'],
      ['/api/hosts/h1', 'DELETE'],
    ]);
    expect(fetchMock.mock.calls[1]![1]?.headers).toMatchObject({ [STEP_UP_HEADER]: 'proof' });
  });

  it('a request held for approval is an ApprovalPendingError, not an answer', async () => {
    fakeFetch({ status: 202, body: { detail: 'Sent for approval', code: 'approval_required', approval_id: 'ap1' } });
    const error = await apiCall('DELETE', '/members/{user_id}', { path: { user_id: 'u1' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApprovalPendingError);
    expect(error).toMatchObject({ approvalId: 'ap1' });
  });

  it('takes the early read started for the same path and query, once', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    const page = { items: [], next_cursor: null };
    const fetchMock = fakeFetch({ status: 200, body: page }, { status: 200, body: page });
    startEarly([apiPath('/tasks', { query: { status: 'running', limit: 100 } })]);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/tasks?status=running&limit=100');
    await expect(apiCall('GET', '/tasks', { query: { status: 'running', limit: 100 }, early: true })).resolves.toEqual(page);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await apiCall('GET', '/tasks', { query: { status: 'running', limit: 100 }, early: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('refuses a path template whose parameter has no value', () => {
    expect(() => apiPath('/hosts/{id}/sync', { path: {} })).toThrow('/hosts/{id}/sync: no value for {id}');
  });

  it('is typed by the OpenAPI document: paths, methods, parameters, bodies and answers', () => {
    // Never called: the checks are the compiler's.
    const typed = (id: string) => {
      expectTypeOf(apiCall('GET', '/vms')).resolves.toEqualTypeOf<Schemas['Vm'][]>();
      expectTypeOf(
        apiCall('POST', '/vms/{id}/action', { path: { id }, body: { action: 'stop', vmid: 1 } }),
      ).resolves.toEqualTypeOf<{
        task_id: string;
        message: string;
      }>();
      expectTypeOf(apiCall('POST', '/vms/bulk-action', { body: { action: 'stop', ids: [id] } })).resolves.toEqualTypeOf<
        Schemas['TaskAccepted']
      >();
      expectTypeOf(apiCall('DELETE', '/api-keys/{id}', { path: { id } })).resolves.toEqualTypeOf<void>();
      expectTypeOf<ApiAnswer<'/tasks', 'GET'>>().toEqualTypeOf<Schemas['TaskPage']>();
      expectTypeOf<ApiBody<'/vms/{id}/action', 'POST'>['action']>().toEqualTypeOf<'start' | 'stop' | 'restart'>();

      // @ts-expect-error: not a path of the document
      void apiCall('GET', '/virtual-machines');
      // @ts-expect-error: the document's paths are taken without /api
      void apiCall('GET', '/api/vms');
      // @ts-expect-error: /vms has no POST
      void apiCall('POST', '/vms', { body: {} });
      // @ts-expect-error: not an action of the body's enum
      void apiCall('POST', '/vms/{id}/action', { path: { id }, body: { action: 'reboot', vmid: 1 } });
      // @ts-expect-error: the body is required
      void apiCall('POST', '/vms/{id}/action', { path: { id } });
      // @ts-expect-error: the path parameter is required
      void apiCall('POST', '/vms/{id}/action', { body: { action: 'stop', vmid: 1 } });
      // @ts-expect-error: a path parameter the path does not have
      void apiCall('GET', '/tasks/{id}', { path: { id, name: 'x' } });
      // @ts-expect-error: /vms takes no path parameter
      void apiCall('GET', '/vms', { path: { id } });
      // @ts-expect-error: a GET sends no body
      void apiCall('GET', '/vms', { body: {} });
      // @ts-expect-error: not a status of the query's enum
      void apiCall('GET', '/tasks', { query: { status: 'done' } });
      // @ts-expect-error: only a GET can take an early read
      void apiCall('POST', '/hosts/{id}/sync', { path: { id }, early: true });
    };
    expect(typed).toBeTypeOf('function');
  });
});
