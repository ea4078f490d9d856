import { z } from 'zod';
import { MemorySourceSchema } from './metrics';

// Schemas of metric collection (DESIGN.md §13, issue 18): the fleet overview (top consumers, storage that will
// fill), how collection runs per host (guest-agent budget, history backfill) and the Prometheus scrape token.

/** One guest among the top consumers, from its newest live sample. */
export const TopGuestSchema = z.object({
  guest_id: z.uuid(),
  host_id: z.uuid(),
  vmid: z.number().int(),
  name: z.string(),
  type: z.enum(['qemu', 'lxc']),
  /** CPU in percent (0–100) of the guest's own cores. */
  cpu_percent: z.number().nullable(),
  mem_bytes: z.number().nullable(),
  maxmem_bytes: z.number().nullable(),
  /** Where `mem_bytes` comes from (guest agent without page cache, balloon, host view). */
  memory_source: MemorySourceSchema,
});
export type TopGuest = z.infer<typeof TopGuestSchema>;

/** A storage with a linear forecast of its use over the last 30 days. */
export const StorageForecastSchema = z.object({
  storage_id: z.uuid(),
  host_id: z.uuid(),
  node: z.string(),
  name: z.string(),
  used_bytes: z.number().nullable(),
  total_bytes: z.number().nullable(),
  /** Least-squares slope of `used` over the last 30 days (bytes per day; negative when it shrinks). */
  growth_bytes_per_day: z.number().nullable(),
  /** Days until `used` reaches `total` at that slope; null when it is not filling (or too little history). */
  days_until_full: z.number().nullable(),
});
export type StorageForecast = z.infer<typeof StorageForecastSchema>;

/** `GET /api/metrics/overview`: the dashboard's fleet overview. */
export const MetricsOverviewSchema = z
  .object({
    generated_at: z.iso.datetime(),
    /** The ten guests using most CPU, highest first. */
    top_cpu: z.array(TopGuestSchema),
    /** The ten guests using most memory (bytes), highest first. */
    top_memory: z.array(TopGuestSchema),
    /** How far ahead `filling_storages` looks (30). */
    horizon_days: z.number().int(),
    /** Storages whose forecast reaches full within `horizon_days`, soonest first. */
    filling_storages: z.array(StorageForecastSchema),
  })
  .meta({ id: 'MetricsOverview' });
export type MetricsOverview = z.infer<typeof MetricsOverviewSchema>;

export const BackfillStateSchema = z.enum(['queued', 'running', 'done', 'failed']);
export type BackfillState = z.infer<typeof BackfillStateSchema>;

/** History backfill of a host from Proxmox's rrddata (node, guests, storages), done once when it is added. */
export const BackfillStatusSchema = z.object({
  state: BackfillStateSchema,
  /** Subjects (node, guests, storages) read so far, and in all; total is 0 until the first poll listed them. */
  done: z.number().int(),
  total: z.number().int(),
  /** Why it failed (English), or the last transient error while it retries. */
  error: z.string().nullable(),
  started_at: z.iso.datetime().nullable(),
  finished_at: z.iso.datetime().nullable(),
});
export type BackfillStatus = z.infer<typeof BackfillStatusSchema>;

/** How metrics are collected from one host. */
export const HostCollectionSchema = z.object({
  host_id: z.uuid(),
  name: z.string(),
  /** Guest-agent reads allowed per minute on this host (AGENT_READS_PER_HOST_PER_MINUTE). */
  agent_budget_per_minute: z.number().int(),
  /** Guest-agent reads made in the last 60 seconds. */
  agent_reads_last_minute: z.number().int(),
  /** Running VMs by the last answer of their agent: it answered / none configured / configured but not running. */
  vms_with_agent: z.number().int(),
  vms_without_agent: z.number().int(),
  vms_agent_not_running: z.number().int(),
  /** Running VMs not read yet, or whose last read failed for another reason. */
  vms_unknown: z.number().int(),
  /** Minutes for every running VM worth reading to be read once at the budget. */
  full_cycle_minutes: z.number().int(),
  /** null until the host's backfill is queued (moments after it is added, or after an upgrade). */
  backfill: BackfillStatusSchema.nullable(),
});
export type HostCollection = z.infer<typeof HostCollectionSchema>;

/** `GET /api/metrics/collection`. */
export const MetricsCollectionSchema = z.object({ hosts: z.array(HostCollectionSchema) }).meta({ id: 'MetricsCollection' });
export type MetricsCollection = z.infer<typeof MetricsCollectionSchema>;

/** `POST /api/metrics/scrape-token`: the new token, shown once (a rotation revokes the previous one). */
export const ScrapeTokenSchema = z
  .object({
    token: z.string(),
    /** The first characters, shown afterwards to recognise it. */
    prefix: z.string(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'ScrapeToken' });
export type ScrapeToken = z.infer<typeof ScrapeTokenSchema>;

/** `GET /api/metrics/scrape-token`: whether a token exists (never the token itself). */
export const ScrapeTokenInfoSchema = z
  .object({
    exists: z.boolean(),
    prefix: z.string().nullable(),
    created_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ScrapeTokenInfo' });
export type ScrapeTokenInfo = z.infer<typeof ScrapeTokenInfoSchema>;
