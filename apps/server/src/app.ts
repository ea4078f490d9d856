import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config/env';
import type { Database } from './db/client';
import { errorHandler } from './plugins/external/error-handler';
import { jsonBody } from './plugins/external/json-body';
import { openapi } from './plugins/external/openapi';
import { computeSecurityHeaders, securityHeaders } from './plugins/external/security-headers';
import { db } from './plugins/app/db';
import { allowedHosts } from './plugins/app/allowed-hosts';
import { auth } from './plugins/app/auth';
import { mailer } from './plugins/app/mailer';
import { jobs } from './plugins/app/jobs';
import { metrics } from './plugins/app/metrics';
import { healthRoutes } from './modules/health/health.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { installRoutePolicies } from './access/route-policy';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { checkKeyScope } from './modules/api-keys/key-scope';
import { approvalsRoutes } from './modules/approvals/approvals.routes';
import { approvalActionsOf } from './modules/teams/teams.repository';
import { rateLimit as requestBudget } from './modules/auth/rate-limits';
import { auditRoutes } from './modules/audit/audit.routes';
import { holdForApproval } from './modules/approvals/approvals.service';
import { baseUrl } from './modules/auth/auth.routes';
import { secretBoxFor } from './modules/pve/secret-box';
import { requireStepUp } from './modules/mfa/challenges';
import { relyingPartyOf } from './modules/mfa/factors';
import { mfaRoutes } from './modules/mfa/mfa.routes';
import { stepUpRoutes } from './modules/mfa/step-up.routes';
import { teamsRoutes } from './modules/teams/teams.routes';
import { hostsRoutes } from './modules/hosts/hosts.routes';
import { guestsRoutes } from './modules/guests/guests.routes';
import { snapshotsRoutes } from './modules/snapshots/snapshots.routes';
import { tasksRoutes } from './modules/tasks/tasks.routes';
import { schedulesRoutes } from './modules/schedules/schedules.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { proxaiRoutes } from './modules/proxai/proxai.routes';
import { licensesRoutes } from './modules/licenses/licenses.routes';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { devRoutes } from './modules/dev/dev.routes';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { metricsExpositionRoutes } from './modules/metrics/exposition.routes';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { restoreTestsRoutes } from './modules/restore-tests/restore-tests.routes';
import { backupsRoutes } from './modules/backups/backups.routes';
import { realClock, type Clock } from './jobs/clock';
import { holdsAction } from '@proxai/contract/permissions';
import { currentUser } from './kernel/request-context';
import { demoRoutes } from './modules/demo/demo.routes';
import { pbsRoutes } from './modules/pbs/pbs.routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /**
     * An API key's own gate (its request budget, its host/tag scope), for a route that authenticates its caller
     * itself (the event stream, the Prometheus exposition); the route policies run it for every other route.
     */
    apiKeyGate: (request: FastifyRequest, reply: FastifyReply, route: string) => Promise<void>;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** The app closes the database last when it closes (the server; a test app on a database of its own). */
  ownsDatabase?: boolean;
  /** Runs the job runtime and the periodic work (default); tests of requests alone turn it off. */
  jobs?: boolean;
  /** Tests only: the time of the background work (jobs/clock.ts), to run per-minute behaviour without waiting. */
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** Tests only: called right after the instance is created (e.g. to add observing hooks). */
  onInstance?: (app: FastifyInstance) => void;
  /** Tests only: register extra routes under /api before the app is ready. */
  extraRoutes?: (api: FastifyInstance) => void | Promise<void>;
}

/** Requests one API key may make per minute (429 with Retry-After past it). */
export const API_KEY_REQUESTS_PER_MINUTE = 600;

/** Largest JSON body accepted anywhere (the biggest legitimate one is a contact message). */
export const BODY_LIMIT = 64 * 1024;

/** A hop count as proxy-addr's trust function (the i-th address from the socket is a proxy while i < hops). */
function trustProxyOption(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // From apps/server/src or apps/server/dist to apps/web/dist.
  return path.resolve(here, '../../web/dist');
}

/** Plugin order: external (errors, security, docs) -> app (db, auth, mail) -> modules (routes). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // Computed once; also sent on router-level errors, which answer before any hook runs.
  const securityHeaderValues = computeSecurityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    hsts: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  const app = Fastify({
    logger: options.loggerInstance ? undefined : (options.logger ?? false),
    loggerInstance: options.loggerInstance,
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Router-level failures (over-long or malformed URLs) get the same {detail, code} envelope as every error.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void reply
        .headers(securityHeaderValues)
        .status(status)
        .send({ detail: status === 414 ? 'URL is too long' : 'Malformed request URL', code: 'bad_request' });
    },
  }).withTypeProvider<ZodTypeProvider>();
  options.onInstance?.(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  // External
  await app.register(errorHandler);
  await app.register(jsonBody);
  await app.register(securityHeaders, { headers: securityHeaderValues });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    // Tests that are not about rate limits turn it off; the limits themselves are tested with it on.
    max: config.RATE_LIMIT_ENABLED ? 1000 : 1_000_000,
  });
  // The contract's OpenAPI document (/api/openapi.json, committed as packages/contract/openapi.json) and /api/docs.
  await app.register(openapi);

  // App
  await app.register(allowedHosts, { publicUrl: config.PUBLIC_URL, allowedHosts: config.ALLOWED_HOSTS });
  await app.register(db, { database, closeWithApp: options.ownsDatabase ?? false });
  await app.register(auth);
  await app.register(jobs, { enabled: options.jobs ?? true, clock: options.clock ?? realClock });
  // Mail bodies (sign-in codes) reach the log only in local development without SMTP, never in test or production.
  await app.register(metrics);
  await app.register(mailer, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logBodies: config.NODE_ENV === 'development' });

  // Each API key has its own request budget, whoever else shares its address.
  const apiKeyRate = requestBudget(app, 'api-key', {
    max: API_KEY_REQUESTS_PER_MINUTE,
    windowMs: 60_000,
    key: (request) => request.user?.apiKey?.id,
    detail: (_request, seconds) => `This API key made too many requests; try again in ${seconds} s`,
  });
  app.decorate('apiKeyGate', async (request: FastifyRequest, reply: FastifyReply, route: string) => {
    await apiKeyRate(request, reply);
    await checkKeyScope(app.db, request, route);
  });
  // One gate for every route: its declared permission, then its step-up (access/route-policy.ts).
  installRoutePolicies(app, {
    stepUp: (request) =>
      requireStepUp(
        { db: app.db, box: secretBoxFor(config, app.log), rp: () => relyingPartyOf(baseUrl(request, config)) },
        request,
        currentUser(request),
      ),
    hold: (request, action) => holdForApproval(app, request, currentUser(request), action),
    apiKey: app.apiKeyGate,
    isHeld: async (organisationId, action) => holdsAction(await approvalActionsOf(app.db, organisationId), action),
  });

  // Modules
  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(mfaRoutes);
      await api.register(stepUpRoutes);
      await api.register(teamsRoutes);
      await api.register(approvalsRoutes);
      await api.register(apiKeysRoutes);
      await api.register(auditRoutes);
      await api.register(hostsRoutes);
      // The PBS page (GET /hosts/{id}/pbs) is a view of a host: its routes come right after the hosts'.
      await api.register(pbsRoutes);
      // Registered whatever the deployment (the API document is the same everywhere): 404 while no demo exists.
      await api.register(demoRoutes);
      await api.register(guestsRoutes);
      await api.register(snapshotsRoutes);
      await api.register(tasksRoutes);
      await api.register(schedulesRoutes);
      await api.register(eventsRoutes);
      await api.register(proxaiRoutes);
      await api.register(licensesRoutes);
      await api.register(newsletterRoutes);
      await api.register(contactRoutes);
      await api.register(metricsRoutes);
      await api.register(metricsExpositionRoutes);
      await api.register(alertsRoutes);
      await api.register(notificationsRoutes);
      await api.register(restoreTestsRoutes);
      await api.register(backupsRoutes);
      if (!config.isProduction) await api.register(devRoutes);
      if (options.extraRoutes) await api.register(async (extra) => options.extraRoutes?.(extra));
    },
    { prefix: '/api' },
  );

  await serveWeb(app, config.WEB_DIST ?? defaultWebDist(), config.isProduction);
  return app;
}

/**
 * Unknown `/api` paths answer 404 `{detail}`. When the web build exists, hashed assets are cached for a year
 * and every other GET answers index.html (the SPA routes on the client).
 */
async function serveWeb(app: FastifyInstance, dist: string, required: boolean): Promise<void> {
  const index = path.join(dist, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (!hasWeb && required) app.log.warn({ dist }, 'web build not found; only the API is served');
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // apps/web's build writes .br/.gz beside each asset (scripts/precompress.mjs).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }
  const html = hasWeb ? fs.readFileSync(index) : undefined;
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    if (isApi || !html || (request.method !== 'GET' && request.method !== 'HEAD') || url.startsWith('/assets/')) {
      return reply.status(404).send({ detail: `No route ${request.method} ${url}`, code: 'not_found' });
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
