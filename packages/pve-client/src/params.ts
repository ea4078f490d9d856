import type { ParamPrimitive, Params, RequestOptions } from './pve-types';

/**
 * PVE wants booleans as 0/1; undefined values are left out. An array is sent as repeated keys
 * (`vmid=100&vmid=101`): pve-http-server turns repeated keys into an array, which PVE >= 8.0 takes
 * for array parameters (e.g. agent exec `command`) and joins with ',' for `*-list` formats (vzdump
 * `vmid`); PVE 7 joins them with NUL, which its list parser splits again. Joining with commas
 * ourselves would break array parameters whose items contain commas.
 */
export function encodeParams(params: Params | undefined): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) out.append(k, encodeValue(item));
  }
  return out;
}

function encodeValue(v: ParamPrimitive): string {
  if (typeof v === 'boolean') return v ? '1' : '0';
  return String(v);
}

/** Path with each interpolated value URL-encoded: path`/nodes/${node}/tasks/${upid}/status`. */
export function path(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  return strings.reduce((acc, s, i) => acc + s + (i < values.length ? encodeURIComponent(String(values[i])) : ''), '');
}

export function reqOf(timeoutMs: number | undefined, signal: AbortSignal | undefined): RequestOptions {
  return { ...(timeoutMs !== undefined ? { timeoutMs } : {}), ...(signal ? { signal } : {}) };
}
