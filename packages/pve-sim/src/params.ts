/**
 * A small subset of PVE's JSON-schema parameter checks (pve-common JSONSchema.pm), with the
 * real error strings, so a bad request gets the real 400 body.
 */
export interface ParamDef {
  /** 'array': a list of strings (repeated form keys, or a JSON array) */
  type: 'integer' | 'number' | 'boolean' | 'string' | 'array';
  optional?: boolean;
  enum?: readonly string[];
  min?: number;
  max?: number;
  format?: 'pve-node' | 'pve-storage-id' | 'pve-vmid-list' | 'pve-snapshot-name';
  /** checked against the whole value */
  pattern?: RegExp;
}

export type ParamSchema = Record<string, ParamDef>;
export type ParamValue = string | number | boolean | string[];
/** Request parameters before validation: a repeated form key is an array. */
export type RawParams = Record<string, string | string[]>;

export class ParamError extends Error {
  constructor(readonly errors: Record<string, string>) {
    super('Parameter verification failed.');
  }
}

/**
 * pve-http-server AnyEvent.pm `decode_urlencoded`: pairs split at `&` or `;`, `+` is a space,
 * %XX bytes decoded as UTF-8; a repeated key becomes an array (libpve-http-server-perl >= 5.0.2,
 * PVE 8.0; PVE 7 joined the values with NUL instead, see `joinRepeatedWithNul`). A key without
 * `=` sets the key to undef, i.e. removes it; a value is cut at a second unencoded `=`.
 */
export function decodeUrlencoded(data: string): RawParams {
  const out: RawParams = {};
  for (const pair of data.split(/[&;]/)) {
    if (pair === '') continue;
    const [rawKey = '', rawValue] = pair.split('=');
    const key = percentDecode(rawKey);
    if (rawValue === undefined) {
      delete out[key];
      continue;
    }
    const value = percentDecode(rawValue);
    const old = out[key];
    out[key] = old === undefined ? value : Array.isArray(old) ? [...old, value] : [old, value];
  }
  return out;
}

function percentDecode(s: string): string {
  const bytes = Buffer.from(
    s.replace(/\+/g, ' ').replace(/%([0-9a-fA-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  );
  return new TextDecoder().decode(bytes);
}

/**
 * A JSON body as parameters (pve-http-server decodes it as is): arrays stay arrays, booleans become
 * 0/1, nested objects stay JSON text, null is left out.
 */
export function decodeJsonBody(body: string): RawParams | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const out: RawParams = {};
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return out;
  const scalar = (v: unknown): string => {
    if (typeof v === 'boolean') return v ? '1' : '0';
    if (typeof v === 'string' || typeof v === 'number') return String(v);
    return JSON.stringify(v);
  };
  for (const [k, v] of Object.entries(parsed)) {
    if (v === null || v === undefined) continue;
    out[k] = Array.isArray(v) ? v.map(scalar) : scalar(v);
  }
  return out;
}

/** PVE 7 (libpve-http-server-perl < 5.0.2): repeated keys arrive as one value joined with NUL. */
export function joinRepeatedWithNul(raw: RawParams): RawParams {
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join('\0') : v]));
}

/** pve-common PVE::Tools::split_list: NUL-separated (legacy repeated keys) or `,`/`;`/space-separated. */
export function splitList(s: string): string[] {
  if (s.includes('\0')) return s.split('\0');
  return s.split(/[,;\s]+/).filter(Boolean);
}

const NODE_RE = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?$/;
const STORAGE_RE = /^[a-z][a-z0-9\-_.]*[a-z0-9]$/i;
const SNAP_RE = /^[a-zA-Z][a-zA-Z0-9_-]{1,39}$/;
const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

/**
 * Validates like pve-common RESTHandler `handle` + JSONSchema `validate`. Arrays first go through
 * `normalize_legacy_param_formats`: an array for a `*-list` string is joined with ',', a single value
 * for an array parameter becomes a one-element array; any other array (a repeated key of a scalar
 * parameter) fails the type check: `type check ('string') failed - got ARRAY`.
 */
export function validateParams(raw: RawParams, schema: ParamSchema, allowAdditional = false): Record<string, ParamValue> {
  const errors: Record<string, string> = {};
  const out: Record<string, ParamValue> = {};
  for (const [key, value] of Object.entries(raw)) {
    const def = schema[key];
    if (!def) {
      if (!allowAdditional) errors[key] = 'property is not defined in schema and the schema does not allow additional properties';
      else out[key] = value;
      continue;
    }
    const res = checkValue(value, def);
    if (typeof res === 'object' && !Array.isArray(res)) errors[key] = res.error;
    else out[key] = res;
  }
  for (const [key, def] of Object.entries(schema)) {
    if (!def.optional && raw[key] === undefined && errors[key] === undefined) {
      errors[key] = 'property is missing and it is not optional';
    }
  }
  if (Object.keys(errors).length > 0) throw new ParamError(errors);
  return out;
}

function checkValue(value: string | string[], def: ParamDef): ParamValue | { error: string } {
  if (!Array.isArray(value)) return check(value, def);
  if (def.type === 'array') return value;
  if (def.type === 'string' && def.format?.endsWith('-list')) return check(value.join(','), def);
  return { error: `type check ('${def.type}') failed - got ARRAY` };
}

function check(value: string, def: ParamDef): ParamValue | { error: string } {
  switch (def.type) {
    case 'array':
      // PVE 7 joined repeated keys with NUL; normalize_legacy_param_formats splits them again.
      return value.split('\0');
    case 'integer':
    case 'number': {
      const ok = def.type === 'integer' ? /^-?\d+$/.test(value) : /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(value);
      if (!ok) return { error: `type check ('${def.type}') failed - got '${value}'` };
      const n = Number(value);
      if (def.min !== undefined && n < def.min) return { error: `value must have a minimum value of ${def.min}` };
      if (def.max !== undefined && n > def.max) return { error: `value must have a maximum value of ${def.max}` };
      return n;
    }
    case 'boolean': {
      const v = value.toLowerCase();
      if (TRUE.has(v)) return true;
      if (FALSE.has(v)) return false;
      return { error: `type check ('boolean') failed - got '${value}'` };
    }
    case 'string': {
      if (def.enum && !def.enum.includes(value)) {
        return { error: `value '${value}' does not have a value in the enumeration '${def.enum.join(', ')}'` };
      }
      if (def.pattern && !def.pattern.test(value)) return { error: 'value does not match the regex pattern' };
      if (def.format === 'pve-node' && !NODE_RE.test(value)) {
        return { error: 'invalid format - value does not look like a valid node name\n' };
      }
      if (def.format === 'pve-storage-id' && !STORAGE_RE.test(value)) {
        return { error: `invalid format - storage ID '${value}' contains illegal characters\n` };
      }
      if (def.format === 'pve-snapshot-name' && !SNAP_RE.test(value)) {
        return { error: `invalid format - invalid configuration ID '${value}'\n` };
      }
      if (def.format === 'pve-vmid-list') {
        for (const id of splitList(value)) {
          if (!/^\d+$/.test(id) || Number(id) < 100)
            return { error: `invalid format - value does not look like a valid VM ID\n` };
        }
      }
      return value;
    }
  }
}

export const vmidParam: ParamDef = { type: 'integer', min: 100, max: 999_999_999 };
export const nodeParam: ParamDef = { type: 'string', format: 'pve-node' };
export const storageParam: ParamDef = { type: 'string', format: 'pve-storage-id' };
