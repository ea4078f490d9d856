import { z } from 'zod';

// Schemas of the monitoring routes (DESIGN.md §13): history of nodes, guests and storages, and the fleet overview.

/** What a chart can ask for: the last hour … the last year. */
export const MetricsRangeSchema = z.enum(['1h', '24h', '7d', '30d', '1y']);
export type MetricsRange = z.infer<typeof MetricsRangeSchema>;

/** Consolidation of each step: the average, or the highest value seen in it (a short spike stays visible). */
export const MetricsCfSchema = z.enum(['avg', 'max']);
export type MetricsCf = z.infer<typeof MetricsCfSchema>;

export const MetricsSubjectSchema = z.enum(['node', 'guest', 'storage']);
export type MetricsSubject = z.infer<typeof MetricsSubjectSchema>;

/**
 * Where a memory figure comes from. `guest_agent`: MemTotal − MemAvailable read inside the VM by its QEMU guest
 * agent (page cache not counted); `balloon`: what the VM's balloon driver reports to Proxmox (PVE 9 `mem` beside
 * `memhost`); `host`: Proxmox's host-side view (a VM's figure then counts its page cache as used; a container's
 * cgroup figure already excludes it).
 */
export const MemorySourceSchema = z.enum(['guest_agent', 'balloon', 'host']);
export type MemorySource = z.infer<typeof MemorySourceSchema>;

export const MetricsQuerySchema = z.object({
  range: MetricsRangeSchema.default('24h'),
  cf: MetricsCfSchema.default('avg'),
});
export type MetricsQuery = z.infer<typeof MetricsQuerySchema>;

/**
 * One chart's data: `t` holds the start of each step (epoch seconds, ascending, every step of the range, so a gap
 * is a run of nulls, never interpolated); each series has one value per `t`. Units: 'percent' (0–100), 'bytes',
 * 'bytes/s', 'load'. Series present depend on the subject and the Proxmox version (PSI only on PVE 9).
 */
export const MetricsSeriesSchema = z
  .object({
    step_seconds: z.number().int().positive(),
    t: z.array(z.number().int()),
    series: z.record(z.string(), z.array(z.number().nullable())),
    units: z.record(z.string(), z.string()),
    memory_source: MemorySourceSchema.optional(),
  })
  .meta({ id: 'MetricsSeries' });
export type MetricsSeries = z.infer<typeof MetricsSeriesSchema>;
