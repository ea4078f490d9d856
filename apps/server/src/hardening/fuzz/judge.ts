import type { LightMyRequestResponse } from 'fastify';
import { type RegisteredRoute } from '../../testing/app';
import { hasBodyMethod, schemasOf, type Part } from './parts';
import { type Plan } from './plans';
import { accepts } from './zod-model';

/*
 * The answer checks, with the route's schemas as the oracle: never 5xx; a 4xx is JSON `{detail, code}`; a 2xx is
 * JSON (or an empty 204), a 3xx has a location; no 2xx for a request a schema rejects, no validation_failed naming a
 * part its schema accepts. Each answer is counted in the route's stats, which prove the schema path was exercised.
 */

/** Error codes answered before the handler runs: a request answered with one did not get past authentication or validation. */
const STAGE_CODES = new Set([
  'unauthenticated',
  'csrf',
  'validation_failed',
  'invalid_json',
  'payload_too_large',
  'unsupported_media_type',
]);

export interface RouteStats {
  route: string;
  sent: number;
  classes: Record<'2xx' | '3xx' | '4xx' | '5xx', number>;
  /** 400 validation_failed answers naming each part. */
  rejected: Record<Part, number>;
  /** Requests whose every schema'd part was valid and that got past authentication and validation. */
  passedValidation: number;
  ms: number;
}

/** Routes whose successful answer is not JSON, and the type they answer instead. */
const TEXT_ROUTES = new Map([
  ['GET /api/metrics/prometheus', /^text\/plain\b/],
  ['GET /api/audit/export', /^application\/x-ndjson\b/],
]);

export function newRouteStats(route: RegisteredRoute): RouteStats {
  return {
    route: `${route.method} ${route.url}`,
    sent: 0,
    classes: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 },
    rejected: { body: 0, params: 0, querystring: 0, headers: 0 },
    passedValidation: 0,
    ms: 0,
  };
}

/** Summarises a value for a failure message without pasting a 100 KB string. */
export function brief(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 160 ? `${text.slice(0, 160)}…(${text.length} chars)` : text;
}

/** What each schema'd part of the request was, as the server's parsers will see it (undefined: not known). */
export function sentParts(route: RegisteredRoute, plan: Plan, request: { headers: Record<string, string> }) {
  const schema = schemasOf(route);
  const parts: { part: Part; schema: unknown; value?: { value: unknown } }[] = [];
  const sentBody = hasBodyMethod(route.method) ? plan.body.parsed : { value: undefined };
  if (schema.body) parts.push({ part: 'body', schema: schema.body, value: sentBody });
  if (schema.params) {
    const segments = Object.entries(plan.params.values);
    const known = segments.every(([, s]) => !s.raw);
    parts.push({
      part: 'params',
      schema: schema.params,
      value: known ? { value: Object.fromEntries(segments.map(([k, s]) => [k, s.text])) } : undefined,
    });
  }
  if (schema.querystring) parts.push({ part: 'querystring', schema: schema.querystring, value: plan.query.parsed });
  if (schema.headers) {
    const lower = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v]));
    parts.push({ part: 'headers', schema: schema.headers, value: { value: lower } });
  }
  return parts;
}

/**
 * Whether the path the router resolves (dot segments removed, a trailing slash ignored) is still one of this
 * route: `/api/tasks/` is the list route and `/api/tasks/../..` is `/`, which answer as those routes do.
 */
export function staysOnRoute(route: RegisteredRoute, url: string): boolean {
  let path: string;
  try {
    path = new URL(url, 'http://fuzz.invalid').pathname.replace(/\/+$/, '');
  } catch {
    return true;
  }
  const pattern = new RegExp(`^${route.url.replace(/\/+$/, '').replace(/:[^/]+/g, '[^/]+')}$`);
  return pattern.test(path);
}

/** Every way the answer breaks the rules; empty when it is fine. `url` is the path as sent. */
export function judge(
  route: RegisteredRoute,
  res: LightMyRequestResponse,
  parts: ReturnType<typeof sentParts>,
  stats: RouteStats,
  authenticated: boolean,
  url = route.url,
): string[] {
  const problems: string[] = [];
  const status = res.statusCode;
  // A path that resolves to another route (or the web app) is judged by the generic rules only.
  if (!staysOnRoute(route, url)) {
    if (status >= 500) problems.push(`answered ${status}`);
    if (status >= 400 && !/^application\/json\b/.test(String(res.headers['content-type'] ?? ''))) {
      problems.push(`${status} with content-type '${String(res.headers['content-type'] ?? '')}'`);
    }
    return problems;
  }
  const type = String(res.headers['content-type'] ?? '');
  const cls = `${Math.floor(status / 100)}xx` as keyof RouteStats['classes'];
  if (cls in stats.classes) stats.classes[cls]++;
  if (status >= 500) problems.push(`answered ${status}`);
  let json: unknown;
  const isJson = /^application\/json\b/.test(type);
  // The Prometheus exposition and the audit export answer their own formats; their errors are JSON like any other.
  const textAnswer = status < 300 && (TEXT_ROUTES.get(`${route.method} ${route.url}`)?.test(type) ?? false);
  if (!textAnswer && ((status !== 204 && status < 300) || status >= 400)) {
    if (!isJson) problems.push(`${status} with content-type '${type}'`);
    else {
      try {
        json = JSON.parse(res.body) as unknown;
      } catch {
        problems.push(`${status} with a body that is not JSON`);
      }
    }
  }
  if (status === 204 && res.body !== '') problems.push('204 with a body');
  if (status >= 300 && status < 400 && !res.headers.location) problems.push(`${status} without a location`);
  const accepted = (p: (typeof parts)[number]) => (p.value ? accepts(p.schema as never, p.value.value) : undefined);
  if (status < 300) {
    for (const p of parts) if (accepted(p) === false) problems.push(`${status} although the ${p.part} breaks its schema`);
  }
  if (status >= 400 && json !== undefined) {
    const error = json as { detail?: unknown; code?: unknown; errors?: unknown };
    if (typeof error.detail !== 'string' || error.detail.length === 0) problems.push('error answer without a detail');
    if (typeof error.code !== 'string' || error.code.length === 0) problems.push('error answer without a code');
    if (error.code === 'validation_failed') {
      const list = Array.isArray(error.errors) ? (error.errors as { path?: unknown; message?: unknown }[]) : [];
      if (status !== 400) problems.push(`validation_failed with status ${status}`);
      if (list.length === 0) problems.push('validation_failed without errors');
      for (const e of list) {
        if (typeof e.path !== 'string' || typeof e.message !== 'string' || !e.message) {
          problems.push(`malformed field error ${brief(e)}`);
          continue;
        }
        const part = e.path.split('.')[0] as Part;
        const sent = parts.find((p) => p.part === part);
        if (!sent) problems.push(`validation error on '${e.path}', a part the route has no schema for`);
        else if (accepted(sent) === true) problems.push(`rejected ${e.path} although the ${part} matches its schema`);
        else stats.rejected[part]++;
      }
    }
  }
  const allValid = parts.every((p) => accepted(p) === true);
  const code = (json as { code?: string } | undefined)?.code;
  if (allValid && parts.length > 0 && (!route.isAuthenticated || authenticated) && !STAGE_CODES.has(code ?? '')) {
    stats.passedValidation++;
  }
  return problems;
}
