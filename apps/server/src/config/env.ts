import path from 'node:path';
import { z } from 'zod';
import { parseSecretKey } from './secret-key';

const booleanFlag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const optionalUrl = z.url().optional();

/** Every environment variable the server reads. `.env.example` and the README list the same set. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Public address of the portal, used in e-mailed links and the OpenID redirect URI. Required in production:
   * a link built from the request's Host header would let anyone choose where a victim's sign-in link points.
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** Serve the web build from this directory (production mode). */
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: booleanFlag.default(false),
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
  /** Ed25519 private key (PKCS#8 PEM or base64 DER) that signs licences. Generated into DATA_DIR when unset. */
  PROXAI_LICENSE_KEY: z.string().min(32).optional(),
  PROXAI_ADMIN_EMAIL: z.email().optional(),
  PROXAI_ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  /** Demo organisation with simulated hosts; defaults to on outside production. */
  PROXAI_DEMO: booleanFlag.optional(),
  SYNC_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(3600).default(30),
  PVE_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(8000),
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

export interface Config extends Env {
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
