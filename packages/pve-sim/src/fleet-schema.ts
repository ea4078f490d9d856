import { type z } from 'zod';
import { checkFleet } from './fleet-checks';
import { normalize } from './fleet-defaults';
import { fleetShape } from './fleet-schema-parts';
import type { FleetSpec } from './types';

/**
 * The fleet description (`--spec fleet.json`) as a zod schema: what `generateFleet` / `--write-spec` produce
 * is valid as is, and a small hand-written file needs only node names and a few guests; everything else gets a
 * plausible default (see README, "Fleet files"). Sizes are bytes or strings such as "4 GiB", "512M", "1.5T".
 * Parts: fleet-schema-parts.ts (fields), fleet-checks.ts (cross-field checks), fleet-defaults.ts (defaults).
 */

/** The fleet description; parse() gives a complete FleetSpec with the defaults filled in. */
export const FleetSpecSchema = fleetShape.superRefine(checkFleet).transform(normalize);

/** What a fleet file may contain (sizes as strings, most fields optional). */
export type FleetSpecInput = z.input<typeof FleetSpecSchema>;

// ---- entry points ---------------------------------------------------------------------------

export type FleetSpecResult = { ok: true; spec: FleetSpec } | { ok: false; errors: string[] };

/** `nodes[0].guests[2].cores` */
function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : `${out ? '.' : ''}${String(p)}`;
  return out || '(top level)';
}

/** Validates a parsed fleet description; on failure, one line per bad field: `nodes[0].guests[1].cores: …`. */
export function parseFleetSpec(input: unknown): FleetSpecResult {
  const r = FleetSpecSchema.safeParse(input);
  if (r.success) return { ok: true, spec: r.data };
  return { ok: false, errors: r.error.issues.map((i) => `${formatPath(i.path)}: ${i.message}`) };
}

/** The same from JSON text (a fleet file); a syntax error is one error line. */
export function parseFleetSpecJson(text: string): FleetSpecResult {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (err) {
    return { ok: false, errors: [`not valid JSON: ${err instanceof Error ? err.message : String(err)}`] };
  }
  return parseFleetSpec(input);
}
