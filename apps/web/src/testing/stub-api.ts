import { vi } from 'vitest';

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface ApiCall {
  method: string;
  url: URL;
  /** The JSON body sent, parsed (undefined without one). */
  body?: unknown;
}

/**
 * Answers fetch by "METHOD /path" (without the query, which the handler reads from `url`); anything unexpected
 * fails loudly. Returns the calls, in order.
 */
export function stubApi(routes: Record<string, (url: URL, call: ApiCall) => Response | Promise<Response>>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const call: ApiCall = { method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      const handler = routes[`${method} ${url.pathname}`];
      if (!handler) throw new Error(`unexpected call ${method} ${input}`);
      return handler(url, call);
    }),
  );
  return calls;
}

/** The calls to `/api/tasks` (the list), with their query as an object. */
export const listCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/tasks').map((c) => Object.fromEntries(c.url.searchParams));
