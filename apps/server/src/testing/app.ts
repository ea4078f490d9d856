import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { parseConfig, type Config } from '../config/env';
import type { Database } from '../db/client';
import { loggerOptions } from '../logger';
import { openTestDatabase } from './database';
import type { Clock } from '../jobs/clock';
import { persistLogLine, trackSecret } from './secrets';

export interface RegisteredRoute {
  method: string;
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown; hide?: boolean };
  /** True when the route runs `app.authenticate` (needs a session). */
  isAuthenticated: boolean;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Every log line the app wrote, as parsed JSON objects (for secret-leak checks). */
  logs: Record<string, unknown>[];
  /** Every route the app registered, with its (zod) schemas: the fuzzer and the permission matrix walk these. */
  routes: RegisteredRoute[];
  close(): Promise<void>;
}

/** A test app's configuration: `env` over the test defaults. */
export const testConfig = (env: Record<string, string> = {}): Config =>
  parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: '/tmp/proxai-test-data', PROXAI_DEMO: '0', ...env }, '0.0.0-test');

/**
 * The real app on a fresh database, with logs captured in memory. `env` overrides configuration
 * (e.g. `{ SMTP_URL: … }`); rate limits stay on unless a test turns them off.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    database?: 'pglite' | 'postgres';
    reuseDatabase?: Database;
    /**
     * Starts the job runtime with its pollers, scheduler, subscribers (the audit chain, webhooks, the event stream's
     * fan-out) and loops. Off by default: most tests are about requests, and 18 queues polling with a dozen loops
     * slowed every file that did not need them.
     */
    jobs?: boolean;
    /** The time of the background work (jobs/clock.ts): a test of per-minute behaviour brings one it controls. */
    clock?: Clock;
    extraRoutes?: (api: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = options.reuseDatabase ?? (await openTestDatabase(options.database));
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line) continue;
        logs.push(JSON.parse(line) as Record<string, unknown>);
        persistLogLine(line);
      }
      cb();
    },
  });
  const logger = pino(loggerOptions(config), sink);
  const routes: RegisteredRoute[] = [];
  const app = await buildApp({
    config,
    database,
    // The app closes its own database last, after its jobs (the server's shutdown order); a shared one stays open.
    ownsDatabase: !options.reuseDatabase,
    jobs: options.jobs ?? false,
    clock: options.clock,
    loggerInstance: logger,
    extraRoutes: options.extraRoutes,
    onInstance: (instance) => {
      trackSecretsInTraffic(instance);
      instance.addHook('onRoute', (route) => {
        const hooks = [route.onRequest, route.preValidation, route.preHandler].flat().filter(Boolean);
        for (const method of [route.method].flat()) {
          if (method === 'HEAD') continue;
          routes.push({
            method,
            url: route.url,
            schema: route.schema,
            isAuthenticated: hooks.some((h) => h === instance.authenticate),
          });
        }
      });
    },
  });
  await app.ready();
  return {
    app,
    database,
    config,
    logs,
    routes,
    close: () => app.close(),
  };
}

const SECRET_BODY_FIELDS = [
  'password',
  'otp_code',
  'token_value',
  'token',
  'secret',
  'access_token',
  'session_token',
  // Second factors and step-up (issue 20): the sign-in's second step, proofs and challenges handed out.
  'mfa_token',
  'challenge',
  'step_up_token',
  'challenge_id',
];
/** Fields a client sends that are secrets once accepted (a second factor's code); in answers, `code` is an error's. */
const SECRET_REQUEST_FIELDS = ['code'];
/** Fields holding lists of secrets (recovery codes, shown once). */
const SECRET_LIST_FIELDS = ['recovery_codes'];

function collectSecretFields(value: unknown, sent = false): string[] {
  if (!value || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  const fields = sent ? [...SECRET_BODY_FIELDS, ...SECRET_REQUEST_FIELDS] : SECRET_BODY_FIELDS;
  const found = fields.map((k) => record[k]).filter((v): v is string => typeof v === 'string');
  const lists = SECRET_LIST_FIELDS.flatMap((k) => (Array.isArray(record[k]) ? (record[k] as unknown[]) : []));
  return [...found, ...lists.filter((v): v is string => typeof v === 'string')];
}

/**
 * Every secret that crosses the test app (passwords and codes sent, tokens answered, bearer and session-id
 * headers) is registered, so the end-of-run scan can prove none of them reached a log line.
 */
function trackSecretsInTraffic(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // What the client sent counts as a secret once the server accepted it (a real password, code or token).
    if (reply.statusCode < 400) {
      // A session's bearer, or a sign-in's second-step token presented as the bearer of a forced enrolment.
      const bearer =
        request.user || request.enrolment ? /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] : undefined;
      const stepUpProof = request.headers['x-step-up'];
      trackSecret(typeof stepUpProof === 'string' ? stepUpProof : undefined);
      const sessionId = request.routeOptions.url === '/api/auth/oauth/session' ? request.headers['x-session-id'] : undefined;
      const declaredQuery =
        (request.routeOptions.schema?.querystring as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      const query = request.query as Record<string, unknown> | undefined;
      const queryToken = 'token' in declaredQuery && typeof query?.token === 'string' ? query.token : undefined;
      trackSecret(bearer, typeof sessionId === 'string' ? sessionId : undefined, queryToken);
      // Only fields the route declares: undeclared extras are ignored by the server, not accepted.
      const declared = (request.routeOptions.schema?.body as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      trackSecret(...collectSecretFields(Object.fromEntries(Object.entries(body).filter(([k]) => k in declared)), true));
    }
    // What the server hands out (session tokens) is always a secret.
    if (typeof payload === 'string' && String(reply.getHeader('content-type') ?? '').includes('json')) {
      try {
        trackSecret(...collectSecretFields(JSON.parse(payload)));
      } catch {
        // not JSON after all
      }
    }
    return payload;
  });
}
