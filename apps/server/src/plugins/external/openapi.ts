import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import contractPackage from '../../../../../packages/contract/package.json' with { type: 'json' };
import { ROUTE_POLICIES } from '../../access/route-policy';
import { documentText, finishDocument } from './openapi-document';

/**
 * The document's version is the contract package's, not the server's: the committed file changes when the API
 * does, not at every release.
 */
export const OPENAPI_INFO_VERSION = contractPackage.version;

/** The committed document (the generator and the drift test run from source: src/plugins/external). */
export const COMMITTED_OPENAPI_FILE = fileURLToPath(new URL('../../../../../packages/contract/openapi.json', import.meta.url));

/** Routes that exist only in some deployments (the dev helpers, outside production). */
const DEPLOYMENT_TAGS = new Set(['dev']);

/**
 * Examples of schemas declared in contract files this plugin does not own; the zod `.meta({ examples })` of
 * the schema wins once it has one (apps/server/src/openapi-drift.int.test.ts checks both parse).
 */
export const EXTRA_EXAMPLES: Record<string, unknown[]> = {
  ApiKeyCreate: [
    {
      name: 'Terraform CI',
      scopes: ['fleet.read', 'guests.operate'],
      tags: ['ci'],
      expires_at: '2027-06-30T00:00:00Z',
    },
  ],
};

/** The event stream's answer, which its route cannot declare as a zod schema: each frame's data is a DomainEvent. */
const STREAM_RESPONSES = {
  'GET /api/events': {
    200: {
      description:
        'Server-Sent Events: each frame is `id: <id>`, `event: <type>`, `data: <DomainEvent as JSON>`; a comment line every ' +
        '15 s keeps it alive. Resume after an event with the Last-Event-ID header or `last_event_id`.',
      content: { 'text/event-stream': { schema: { $ref: '#/components/schemas/DomainEvent' } } },
    },
  },
};

const DESCRIPTION = [
  'Manage Proxmox VE hosts and Proxmox Backup Servers: hosts, guests, tasks, schedules, backups, restore tests, monitoring, alerts and notifications.',
  '**Authentication.** A person signs in (e-mailed code or link, OpenID Connect, passkey, or an administrator’s password) and sends the session token as `Authorization: Bearer <token>`; the browser also gets it as the HttpOnly `session_token` cookie. Scripts use an API key (`Authorization: Bearer pxk_<prefix>_<secret>`, POST /api/api-keys). Each operation says which it accepts and the permission it needs (`x-permission`).',
  '**Sensitive actions** answer 401 `step_up_required` until they are sent again with an `X-Step-Up` proof (`x-step-up`); some may be held for another member’s approval (202 `approval_required`, `x-approval`).',
  '**Errors** are `{detail, code, errors?}` (schema Error): `detail` is a human message, `code` a stable snake_case code, `errors` the per-field problems of a 400.',
  '**Domain events** reach an organisation’s webhook channels as Standard Webhooks (see Webhooks).',
].join('\n\n');

/**
 * @fastify/swagger fed by the zod contract (every schema with an `id` becomes a component), finished by
 * openapi-document.ts, and rendered by swagger-ui at /api/docs with the app's own Content-Security-Policy.
 */
async function openapiPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'ProxAI API', version: OPENAPI_INFO_VERSION, description: DESCRIPTION },
    },
    transform: (input) => {
      const tags = (input.route.schema as { tags?: string[] } | undefined)?.tags ?? [];
      if (tags.some((tag) => DEPLOYMENT_TAGS.has(tag))) return { schema: { hide: true }, url: input.url };
      const transformed = jsonSchemaTransform(input);
      // Who may call a route is the route policies' word (finishDocument); an older per-route `security` is not.
      delete (transformed.schema as { security?: unknown }).security;
      return transformed;
    },
    // Components come from the contract's zod registry (finishDocument), as the routes reference them.
    transformObject: (input) =>
      finishDocument('openapiObject' in input ? input.openapiObject : {}, {
        policies: ROUTE_POLICIES,
        examples: EXTRA_EXAMPLES,
        responses: STREAM_RESPONSES,
      }),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0, tryItOutEnabled: false },
  });
}

export const openapi = fp(openapiPlugin, { name: 'openapi' });

/** The document exactly as packages/contract/openapi.json holds it (the app must be ready). */
export const openApiText = (app: FastifyInstance): string => documentText(app.swagger());
