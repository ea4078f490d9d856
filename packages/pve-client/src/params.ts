import type { Params, RequestOptions } from './pve-types';

/** PVE wants booleans as 0/1 and lists comma-separated; undefined values are left out. */
export function encodeParams(params: Params | undefined): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v === undefined) continue;
    if (Array.isArray(v)) out.set(k, v.map(String).join(','));
    else if (typeof v === 'boolean') out.set(k, v ? '1' : '0');
    else out.set(k, String(v));
  }
  return out;
}

/** Path with each interpolated value URL-encoded: path`/nodes/${node}/tasks/${upid}/status`. */
export function path(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  return strings.reduce((acc, s, i) => acc + s + (i < values.length ? encodeURIComponent(String(values[i])) : ''), '');
}

export function reqOf(timeoutMs: number | undefined, signal: AbortSignal | undefined): RequestOptions {
  return { ...(timeoutMs !== undefined ? { timeoutMs } : {}), ...(signal ? { signal } : {}) };
}
