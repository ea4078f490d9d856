import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { ADDRESS_POLICIES } from '../net/outbound-policy';
import { parseSecretKey } from './secret-key';

const booleanFlag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const optionalUrl = z.url().optional();

/** What Fastify's `trustProxy` takes: false, a hop count, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = false | number | string[];

const isAddressOrCidr = (v: string) => ipaddr.isValid(v) || (v.includes('/') && ipaddr.isValidCIDR(v));

/**
 * `false`/`0`: no proxy (X-Forwarded-For ignored). A number: that many proxies in front of the portal (`1` = one
 * reverse proxy). A comma-separated list: the addresses or CIDR ranges of the proxies. `true` is refused: it would
 * believe any X-Forwarded-For, so anyone could pick the address the per-IP limits count.
 */
const TrustProxySchema = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    if (/^(false|0|\d+)$/.test(v)) {
      if (Number(v) > 10) ctx.addIssue({ code: 'custom', message: 'a hop count must be between 0 and 10' });
      return;
    }
    if (v === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          "'true' would believe any X-Forwarded-For: give the number of proxies in front of the portal (1 for one reverse proxy) or their addresses (e.g. 10.0.0.5,10.0.1.0/24)",
      });
      return;
    }
    const bad = v
      .split(',')
      .map((p) => p.trim())
      .filter((p) => !isAddressOrCidr(p));
    if (bad.length > 0)
      ctx.addIssue({ code: 'custom', message: `not a hop count, an IP address or a CIDR range: ${bad.join(', ')}` });
  })
  .transform((v): TrustProxy => {
    if (v === 'false' || v === '0') return false;
    if (/^\d+$/.test(v)) return Number(v);
    return v.split(',').map((p) => p.trim());
  });

/** Every environment variable the server reads. `.env.example` and the README list the same set. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  /** Listen address; outside production the default is loopback only (HOST=0.0.0.0 exposes the portal). */
  HOST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Public address of the portal, used in e-mailed links and the OpenID redirect URI. Required in production:
   * a link built from the request's Host header would let anyone choose where a victim's sign-in link points.
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Other host names the portal answers to besides PUBLIC_URL's (comma-separated, `name` or `name:port`); without
   * PUBLIC_URL, loopback names and addresses are allowed too. Any other `Host` gets 400 (DNS rebinding).
   */
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9.-]*[a-z0-9])?)(:\d{1,5})?$/,
            'each entry is a host name or address, optionally with :port (no scheme, no path)',
          ),
      ),
    ),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** Serve the web build from this directory (production mode). */
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: TrustProxySchema.default(false),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('ProxAI <no-reply@proxai.local>'),
  CONTACT_TO: z.email().optional(),
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** 32 bytes, base64 or hex: encrypts host credentials. Generated into DATA_DIR when unset. */
  PROXAI_SECRET_KEY: z
    .string()
    .refine(
      (v) => parseSecretKey(v) !== undefined,
      'must be 32 bytes written as 64 hex digits or base64 (openssl rand -base64 32)',
    )
    .optional(),
  /** The key that sealed the database's credentials is lost: this start re-seals the key check (modules/hosts/secret-check.ts). */
  PROXAI_SECRET_KEY_LOST: booleanFlag.default(false),
  /** Ed25519 private key (PKCS#8 PEM or base64 DER) that signs licences. Generated into DATA_DIR when unset. */
  PROXAI_LICENSE_KEY: z.string().min(32).optional(),
  /** Ed25519 private key (PKCS#8 PEM or base64 DER) that signs restore-test evidence. Generated into DATA_DIR when unset. */
  PROXAI_EVIDENCE_KEY: z.string().min(32).optional(),
  PROXAI_ADMIN_EMAIL: z.email().optional(),
  PROXAI_ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  /** Demo organisation with simulated hosts; defaults to on outside production. */
  PROXAI_DEMO: booleanFlag.optional(),
  /** A host's poll cycle (modules/hosts/pollers.ts): its fleet state is never older than this plus ~10 s. */
  SYNC_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(3600).default(20),
  PVE_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(8000),
  /** How often a running task's process says it is alive; four missed beats and another process resumes it. */
  TASK_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
  /**
   * On SIGTERM, how long the job handlers under way may take to end before they are handed back (the job to a
   * retry, its task to recovery, as after `kill -9`); the process exits at the latest a few seconds after.
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * Whether this replica runs background work: job handlers, host polls, the scheduler, event subscribers and the
   * modules' periodic loops. `0`: a web-only replica, which serves requests and queues jobs for the others to run
   * (bench/idle measures the portal with it off as its baseline).
   */
  PROXAI_WORKERS: booleanFlag.default(true),
  /** How often each replica's scheduler looks for due schedule occurrences (modules/schedules/scheduler.ts). */
  SCHEDULER_TICK_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
  /**
   * Guest-agent reads of a VM's /proc/meminfo (its memory without page cache) per host and minute, spread evenly
   * over the minute (issue 18). 0 turns them off.
   */
  AGENT_READS_PER_HOST_PER_MINUTE: z.coerce.number().int().min(0).max(600).default(20),
  /**
   * Requests a second to one host while its history is read from rrddata after it is added (ADR 012): 2 reads a
   * 500-guest host in about 25 minutes without weighing on it; a lab's hosts, or a test's simulator, take more.
   */
  METRICS_BACKFILL_REQUESTS_PER_SECOND: z.coerce.number().min(0.1).max(50).default(2),
  /** How often the alert evaluator looks at the fleet's latest values, in seconds. */
  ALERT_EVALUATION_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  /**
   * Audit records older than this many days are archived (modules/audit/audit-archive.ts): written to
   * DATA_DIR/audit-archive/ with a signed checkpoint, then removed. Unset: the audit trail is kept forever.
   */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).optional(),
  /** Which addresses the server may connect to on a user's behalf (net/outbound-policy.ts). */
  HOST_ADDRESS_POLICY: z.enum(ADDRESS_POLICIES).default('private'),
  /**
   * Which addresses notification channels (webhooks, Slack, ntfy, …) may be sent to: by default only public ones,
   * so a webhook URL cannot reach the portal's own network (SSRF). 'any' for a receiver on the LAN.
   */
  NOTIFY_ADDRESS_POLICY: z.enum(ADDRESS_POLICIES).default('public'),
  /** Largest answer read from a Proxmox host; past it the stream is cut (default 16 MiB). */
  PVE_MAX_RESPONSE_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(1024 * 1024 * 1024)
    .default(16 * 1024 * 1024),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default('gpt-4o-mini'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
  RATE_LIMIT_ENABLED: booleanFlag.default(true),
});

/** Rules that span several variables; checked on the raw values so they are reported with the others. */
function crossVariableProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (env.PROXAI_ADMIN_EMAIL && !env.PROXAI_ADMIN_PASSWORD)
    problems.push('PROXAI_ADMIN_PASSWORD: required when PROXAI_ADMIN_EMAIL is set');
  if (Boolean(env.OIDC_CLIENT_ID) !== Boolean(env.OIDC_CLIENT_SECRET)) {
    problems.push('OIDC_CLIENT_SECRET: OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together');
  }
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL)
    problems.push('PUBLIC_URL: required in production (the address users reach the portal at, e.g. https://proxai.example.com)');
  return problems;
}

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Omit<Env, 'HOST'> {
  HOST: string;
  isProduction: boolean;
  dataDir: string;
  version: string;
  demo: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; lists every bad variable at once. Never reads process.env itself. */
export function parseConfig(source: Record<string, string | undefined>, version = '0.0.0'): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  const problems = [
    ...(result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)),
    ...crossVariableProblems(cleaned),
  ];
  if (!result.success || problems.length > 0) throw new ConfigError(problems);
  const env = result.data;
  const isProduction = env.NODE_ENV === 'production';
  return Object.freeze({
    ...env,
    HOST: env.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    isProduction,
    dataDir: path.resolve(env.DATA_DIR),
    version,
    demo: env.PROXAI_DEMO ?? !isProduction,
  });
}

/** The only place that reads process.env: parses it, or prints every problem and exits with status 1. */
export function loadConfigOrExit(version: string): Config {
  try {
    return parseConfig(process.env, version);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}
