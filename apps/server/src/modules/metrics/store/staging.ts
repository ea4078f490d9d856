import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { METRIC_INDEX, METRIC_NAMES, subjectKey, type MetricName, type Subject } from './catalogue';

// Live samples: one staging row per write, every subject of it packed in two arrays (schema/metrics.ts).

/** Live samples (a poll cycle, an agent read). Values keyed by metric name; a missing key = no sample. */
export interface SampleBatch {
  organisationId: string;
  at: Date;
  samples: { subject: Subject; values: Partial<Record<MetricName, number>> }[];
}

const usable = (v: number | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** Records one batch as one row (a poll of 500 guests is one insert, not 500): see schema metric_samples. */
export async function writeSamples(db: Db, batch: SampleBatch): Promise<void> {
  let mask = 0;
  const kept = batch.samples.filter((s) => {
    let any = false;
    for (const [name, v] of Object.entries(s.values)) {
      const i = METRIC_INDEX.get(name);
      if (i === undefined || !usable(v)) continue;
      mask |= 1 << i;
      any = true;
    }
    return any;
  });
  if (kept.length === 0) return;
  const slots = maskIndexes(mask);
  const packed = new Float32Array(kept.length * slots.length).fill(NaN);
  kept.forEach((s, k) => {
    slots.forEach((i, x) => {
      const v = s.values[METRIC_NAMES[i]!];
      if (usable(v)) packed[k * slots.length + x] = v;
    });
  });
  await db.execute(sql`
    insert into metric_samples (organisation_id, at, subjects, mask, stride, packed)
    values (${batch.organisationId}::uuid, ${batch.at.toISOString()}::timestamptz, ${kept.map((s) => subjectKey(s.subject)).join(',')},
            ${mask | 0}, ${slots.length}, decode(${Buffer.from(packed.buffer).toString('hex')}, 'hex'))`);
}

/** The metric indexes of a mask, ascending. */
export function maskIndexes(mask: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < 32; i++) if (mask & (1 << i)) out.push(i);
  return out;
}

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** Packed values read as hex text (encode(…, 'hex'), decoded natively) → float32 values. */
export function floats(hex: unknown): Float32Array {
  return new Float32Array(new Uint8Array(Buffer.from(String(hex), 'hex')).buffer);
}

/** Values of one subject of a packed row, indexed like METRIC_NAMES (null: no sample). */
export function unpack(vals: Float32Array, offset: number, slots: readonly number[]): (number | null)[] {
  const out: (number | null)[] = new Array<number | null>(METRIC_NAMES.length).fill(null);
  slots.forEach((i, x) => {
    const v = vals[offset + x]!;
    if (!Number.isNaN(v)) out[i] = v;
  });
  return out;
}

/**
 * The newest value of each metric of each subject of the organisation, no older than `maxAgeSeconds` (default 120;
 * staged rows stay about ten minutes after compaction, so ages up to 600 s are answered in full). Metrics written by
 * different writers (the poll's cpu and mem, the agent's mem_agent) are merged; `at` is the newest sample's time.
 */
export async function latestValues(
  db: Db,
  organisationId: string,
  maxAgeSeconds = 120,
  now: Date = new Date(),
): Promise<Map<string, { at: Date; values: Partial<Record<MetricName, number>> }>> {
  const since = new Date(now.getTime() - maxAgeSeconds * 1000);
  const res = await db.execute(sql`
    select extract(epoch from at)::float8 as at, subjects, mask, stride, encode(packed, 'hex') as packed
    from metric_samples
    where organisation_id = ${organisationId}::uuid and at >= ${since.toISOString()}::timestamptz
      and at <= ${now.toISOString()}::timestamptz
    order by at, id`);
  const out = new Map<string, { at: Date; values: Partial<Record<MetricName, number>> }>();
  for (const row of rowsOf<{ at: number; subjects: string; mask: number; stride: number; packed: unknown }>(res)) {
    const at = new Date(Number(row.at) * 1000);
    const slots = maskIndexes(row.mask);
    const vals = floats(row.packed);
    row.subjects.split(',').forEach((key, k) => {
      const values: Partial<Record<MetricName, number>> = {};
      unpack(vals, k * row.stride, slots).forEach((v, i) => {
        if (v !== null) values[METRIC_NAMES[i]!] = v;
      });
      const prev = out.get(key);
      out.set(key, { at, values: prev ? { ...prev.values, ...values } : values });
    });
  }
  return out;
}

/** One subject's staged samples in [from, to) (epoch seconds), oldest first; values indexed like METRIC_NAMES. */
export async function stagedSamples(
  db: Db,
  organisationId: string,
  subject: Subject,
  from: number,
  to: number,
): Promise<{ at: number; values: (number | null)[] }[]> {
  const key = subjectKey(subject);
  // The subject's slice is cut out by PostgreSQL: only its few values per row come back.
  const res = await db.execute(sql`
    select at, mask, encode(substring(packed from (p - 1) * stride * 4 + 1 for stride * 4), 'hex') as v
    from (
      select extract(epoch from at)::float8 as at, mask, stride, packed,
        array_position(string_to_array(subjects, ','), ${key}::text) as p
      from metric_samples
      where organisation_id = ${organisationId}::uuid and at >= to_timestamp(${from}) and at < to_timestamp(${to})
        and strpos(subjects, ${key}::text) > 0
    ) s
    where p is not null
    order by at`);
  return rowsOf<{ at: number; mask: number; v: unknown }>(res).map((r) => ({
    at: Number(r.at),
    values: unpack(floats(r.v), 0, maskIndexes(r.mask)),
  }));
}
