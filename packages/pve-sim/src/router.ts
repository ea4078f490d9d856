import type { Identity } from './auth';
import {
  decodeJsonBody,
  decodeUrlencoded,
  nodeParam,
  storageParam,
  vmidParam,
  type ParamSchema,
  type ParamValue,
  type RawParams,
} from './params';

/** An error a handler throws; becomes the real status line and body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly opts: { errors?: Record<string, string>; emptyBody?: boolean } = {},
  ) {
    super(message);
  }
}

/** A list answer with the top-level `total` attribute. */
export class WithTotal {
  constructor(
    readonly data: unknown,
    readonly total: number,
  ) {}
}

export interface RouteContext<S> {
  state: S;
  params: Record<string, ParamValue>;
  identity: Identity;
}

export interface RouteDef<S> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  params?: ParamSchema;
  /** ACL path and privilege (or any of several) checked after parameter validation. */
  perm?: (p: Record<string, ParamValue>) => [string, string | readonly string[]] | undefined;
  handler: (ctx: RouteContext<S>) => unknown;
}

export interface CompiledRoute<S> extends RouteDef<S> {
  re: RegExp;
  keys: string[];
}

const PATH_PARAMS: ParamSchema = {
  node: nodeParam,
  vmid: vmidParam,
  storage: storageParam,
  upid: { type: 'string' },
  snapname: { type: 'string', format: 'pve-snapshot-name' },
  store: { type: 'string' },
};

export function compileRoutes<S>(routes: RouteDef<S>[]): CompiledRoute<S>[] {
  return routes.map((r) => {
    const keys: string[] = [];
    const re = new RegExp(
      `^${r.path.replace(/\{(\w+)\}/g, (_m, k: string) => {
        keys.push(k);
        return '([^/]+)';
      })}$`,
    );
    const params: ParamSchema = { ...r.params };
    for (const k of keys) params[k] ??= PATH_PARAMS[k] ?? { type: 'string' };
    return { ...r, params, re, keys };
  });
}

export function matchRoute<S>(
  routes: CompiledRoute<S>[],
  method: string,
  path: string,
): { route: CompiledRoute<S>; pathParams: Record<string, string> } | undefined {
  for (const route of routes) {
    if (route.method !== method) continue;
    const m = route.re.exec(path);
    if (!m) continue;
    const pathParams: Record<string, string> = {};
    route.keys.forEach((k, i) => {
      pathParams[k] = safeDecode(m[i + 1] ?? '');
    });
    return { route, pathParams };
  }
  return undefined;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** PBS: a form or JSON body, the last value of a repeated key wins (arrays as JSON text). */
export function parseBody(body: string, contentType: string | undefined): Record<string, string> {
  if (!body) return {};
  if ((contentType ?? '').includes('application/json')) {
    const parsed = decodeJsonBody(body);
    if (!parsed) throw new ApiError(400, 'malformed JSON body');
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, Array.isArray(v) ? JSON.stringify(v) : v]));
  }
  return Object.fromEntries(new URLSearchParams(body));
}

/**
 * PVE: pve-http-server AnyEvent.pm `extract_params`. POST/PUT bodies are form-encoded or JSON;
 * query parameters are merged in and win over body ones; repeated keys are arrays.
 */
export function extractParams(method: string, query: string, body: string, contentType: string | undefined): RawParams {
  let params: RawParams = {};
  if ((method === 'POST' || method === 'PUT') && body) {
    if ((contentType ?? '').split(';')[0]?.trim() === 'application/json') {
      const parsed = decodeJsonBody(body);
      if (!parsed) throw new ApiError(400, 'malformed JSON body');
      params = parsed;
    } else {
      params = decodeUrlencoded(body);
    }
  }
  return { ...params, ...decodeUrlencoded(query) };
}

export const num = (v: ParamValue | undefined): number | undefined => (v === undefined ? undefined : Number(v));
export const str = (v: ParamValue | undefined): string | undefined => (v === undefined ? undefined : String(v));
