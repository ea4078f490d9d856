/**
 * A small subset of PVE's JSON-schema parameter checks (pve-common JSONSchema.pm), with the
 * real error strings, so a bad request gets the real 400 body.
 */
export interface ParamDef {
  type: 'integer' | 'number' | 'boolean' | 'string';
  optional?: boolean;
  enum?: readonly string[];
  min?: number;
  max?: number;
  format?: 'pve-node' | 'pve-storage-id' | 'pve-vmid-list' | 'pve-snapshot-name';
}

export type ParamSchema = Record<string, ParamDef>;
export type ParamValue = string | number | boolean;

export class ParamError extends Error {
  constructor(readonly errors: Record<string, string>) {
    super('Parameter verification failed.');
  }
}

const NODE_RE = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?$/;
const STORAGE_RE = /^[a-z][a-z0-9\-_.]*[a-z0-9]$/i;
const SNAP_RE = /^[a-zA-Z][a-zA-Z0-9_-]{1,39}$/;
const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

export function validateParams(
  raw: Record<string, string>,
  schema: ParamSchema,
  allowAdditional = false,
): Record<string, ParamValue> {
  const errors: Record<string, string> = {};
  const out: Record<string, ParamValue> = {};
  for (const [key, value] of Object.entries(raw)) {
    const def = schema[key];
    if (!def) {
      if (!allowAdditional) errors[key] = 'property is not defined in schema and the schema does not allow additional properties';
      else out[key] = value;
      continue;
    }
    const res = check(value, def);
    if (typeof res === 'object') errors[key] = res.error;
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

function check(value: string, def: ParamDef): ParamValue | { error: string } {
  switch (def.type) {
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
        for (const id of value.split(/[,;\s]+/).filter(Boolean)) {
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
