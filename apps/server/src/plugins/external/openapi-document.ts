import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import { routeKey, type RoutePolicy } from '../../access/route-policy';
import { describeAccess, SECURITY_SCHEMES, STEP_UP_PARAMETER } from './openapi-access';
import { domainEventWebhooks, WEBHOOK_PARAMETERS } from './openapi-webhooks';

// What turns @fastify/swagger's document into the committed contract (ADR 017): the contract's components as
// the routes reference them, who may call each operation, the domain events as webhooks, examples and readable
// response texts, and one stable order so the file only changes when the API does.

type Json = Record<string, unknown>;

/** Error answers as the API writes them, shown per status on every operation that answers an Error. */
export const EXAMPLES = {
  ValidationFailed: {
    summary: 'validation_failed',
    value: {
      detail: 'Invalid request: body.name: Too small: expected string to have >=1 characters',
      code: 'validation_failed',
      errors: [{ path: 'body.name', message: 'Too small: expected string to have >=1 characters' }],
    },
  },
  Unauthenticated: { summary: 'unauthenticated', value: { detail: 'Authentication required', code: 'unauthenticated' } },
  StepUpRequired: {
    summary: 'step_up_required',
    value: {
      detail: 'Confirm it is you to do this (a second-factor check)',
      code: 'step_up_required',
      challenge: 'h1Qx7d0oWn3VqB8zK2rT5yLcM9sE4uJf6aGpZiN0vXo',
      methods: ['totp', 'recovery', 'email'],
      webauthn: null,
    },
  },
  Forbidden: {
    summary: 'forbidden',
    value: { detail: 'Your role (readonly) does not allow this (hosts.manage)', code: 'forbidden' },
  },
  NotFound: { summary: 'not_found', value: { detail: 'Host not found', code: 'not_found' } },
  Conflict: { summary: 'conflict', value: { detail: 'bob@example.com is already a member', code: 'conflict' } },
  RateLimited: {
    summary: 'rate_limited',
    value: { detail: 'Too many attempts; please try again in 5 minutes', code: 'rate_limited' },
  },
} as const;
const exampleRef = (name: keyof typeof EXAMPLES) => ({ $ref: `#/components/examples/${name}` });
const ERROR_EXAMPLES: Record<string, (keyof typeof EXAMPLES)[]> = {
  400: ['ValidationFailed'],
  401: ['Unauthenticated'],
  403: ['Forbidden'],
  404: ['NotFound'],
  409: ['Conflict'],
  429: ['RateLimited'],
};

type Io = 'input' | 'output';
const componentName = (id: string, io: Io) => (io === 'input' ? `${id}Input` : id);

/** As fastify-type-provider-zod converts the route schemas, so their `$ref`s and the components agree. */
function routeLikeOverride(ctx: { zodSchema: z.core.$ZodType; jsonSchema: Json }, io: Io): void {
  const { type } = ctx.zodSchema._zod.def;
  if (type === 'union' && Array.isArray(ctx.jsonSchema.anyOf))
    ctx.jsonSchema.anyOf = (ctx.jsonSchema.anyOf as Json[]).filter((s) => Object.keys(s).length > 0);
  if (type === 'date' && io === 'output') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
  if (type === 'undefined' && io === 'output') ctx.jsonSchema.type = 'null';
}

/**
 * Every schema of the contract with an `id`, as a request (`<id>Input`) and as an answer (`<id>`), the way the
 * routes reference them.
 */
function contractSchemas(io: Io): Record<string, Json> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    uri: (id) => `#/components/schemas/${componentName(id, io)}`,
    override: (ctx) => routeLikeOverride(ctx as { zodSchema: z.core.$ZodType; jsonSchema: Json }, io),
  });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [componentName(id, io), schema as Json]));
}

const COMPONENT_REF = /"#\/components\/schemas\/([^"]+)"/g;

/**
 * The components `references` (paths, webhooks, extra answers) name, then those they name, and only
 * those. A name can be an answer schema and another schema as a request (`Window` as a request and an answer
 * schema named `WindowInput`): that is only a problem when the document uses it and they differ.
 */
export function referencedComponents(references: Json): Record<string, Json> {
  const outputs = contractSchemas('output');
  const inputs = contractSchemas('input');
  const found: Record<string, Json> = {};
  const queue = [...JSON.stringify(references).matchAll(COMPONENT_REF)].map((m) => m[1] ?? '');
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    if (found[name]) continue;
    const output = outputs[name];
    const input = inputs[name];
    if (output && input && JSON.stringify(output) !== JSON.stringify(input))
      throw new Error(`The schema name ${name} is both an answer schema and another schema's request form: rename one id`);
    const schema = output ?? input;
    if (!schema) throw new Error(`The document references the schema ${name}, which the contract does not define`);
    stripRootKeywords(schema);
    found[name] = schema;
    queue.push(...[...JSON.stringify(schema).matchAll(COMPONENT_REF)].map((m) => m[1] ?? ''));
  }
  return found;
}

const METHOD_ORDER = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const sortedEntries = (record: Json, compare?: (a: string, b: string) => number) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (compare ? compare(a, b) : a < b ? -1 : a > b ? 1 : 0)));

const byMethod = (a: string, b: string) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b);

function finishOperation(operation: Json): Json {
  const responses = (operation.responses ?? {}) as Record<string, Json>;
  for (const [status, response] of Object.entries(responses)) {
    if (response.description === 'Default Response') response.description = STATUS_CODES[Number(status)] ?? 'Response';
    const json = (response.content as Record<string, Json> | undefined)?.['application/json'];
    stripRootKeywords(json?.schema);
    const examples = ERROR_EXAMPLES[status];
    if (json && examples && (json.schema as Json | undefined)?.$ref === '#/components/schemas/Error')
      json.examples = { ...Object.fromEntries(examples.map((n) => [n, exampleRef(n)])), ...(json.examples as Json | undefined) };
  }
  operation.responses = sortedEntries(responses);
  const body = operation.requestBody as Json | undefined;
  const bodySchema = (body?.content as Record<string, Json> | undefined)?.['application/json']?.schema as Json | undefined;
  stripRootKeywords(bodySchema);
  // @fastify/swagger marks every declared body required; one whose schema admits null may be left out (a request
  // without a body reaches the route as `undefined`, e.g. POST /auth/oauth/session).
  if (body && admitsNull(bodySchema)) body.required = false;
  return operation;
}

/** Whether a JSON Schema accepts null (`type: 'null'`, or one branch of an anyOf/oneOf that does). */
function admitsNull(schema: Json | undefined): boolean {
  if (!schema) return false;
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'))) return true;
  const branches = [...((schema.anyOf ?? []) as Json[]), ...((schema.oneOf ?? []) as Json[])];
  return branches.some((branch) => admitsNull(branch));
}

/** Route schemas converted one by one carry `$schema`; the document's dialect already says it. */
function stripRootKeywords(schema: unknown): void {
  if (!schema || typeof schema !== 'object') return;
  delete (schema as Json).$schema;
  delete (schema as Json).$id;
}

export interface FinishOptions {
  policies: Record<string, RoutePolicy>;
  /** Examples of component schemas whose zod schema carries none yet (keyed by component name). */
  examples?: Record<string, unknown[]>;
  /** Answers a route cannot declare as a zod schema (a stream), by route key then status; a declared one wins. */
  responses?: Record<string, Record<string, Json>>;
}

/**
 * The document as served and committed: access of each operation, webhooks, readable response texts, and
 * paths, methods, responses, components and webhooks in a stable order (the schemas' own properties keep the
 * contract's order).
 */
export function finishDocument(document: Json, options: FinishOptions): Json {
  const webhooks = domainEventWebhooks();
  const components = (document.components ?? {}) as Json;
  const schemas = referencedComponents({ paths: document.paths, webhooks, responses: options.responses });
  for (const [name, examples] of Object.entries(options.examples ?? {})) {
    for (const schema of [schemas[name], schemas[`${name}Input`]]) if (schema && !schema.examples) schema.examples = examples;
  }

  const paths: Json = {};
  // Tags in the order the app registers its modules (app.ts), which groups the operations the way the API reads.
  const tagNames: string[] = [];
  for (const [url, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    const pattern = url.replace(/\{([^}]+)\}/g, ':$1');
    for (const [method, value] of Object.entries(item)) {
      const operation = value as Json;
      const key = routeKey(method.toUpperCase(), pattern);
      const policy = options.policies[key];
      if (policy) describeAccess(operation, policy, schemas);
      operation.responses = { ...structuredClone(options.responses?.[key]), ...(operation.responses as Json | undefined) };
      finishOperation(operation);
      for (const tag of (operation.tags ?? []) as string[]) if (!tagNames.includes(tag)) tagNames.push(tag);
    }
    paths[url] = sortedEntries(item, byMethod);
  }
  const tags = [...tagNames, 'webhooks'].map((name) => ({ name }));

  const { openapi, info, servers, externalDocs, ...rest } = document;
  delete rest.paths;
  delete rest.components;
  delete rest.webhooks;
  delete rest.tags;
  return {
    openapi,
    info,
    ...(servers ? { servers } : {}),
    tags,
    ...(externalDocs ? { externalDocs } : {}),
    ...rest,
    paths: sortedEntries(paths),
    webhooks: sortedEntries(webhooks),
    components: {
      ...components,
      securitySchemes: SECURITY_SCHEMES,
      parameters: { StepUp: STEP_UP_PARAMETER, ...WEBHOOK_PARAMETERS },
      examples: EXAMPLES,
      schemas: sortedEntries(schemas),
    },
  };
}

/** Operations the route policies do not list (a route being added): they get no `security` nor `x-permission`. */
export function operationsWithoutPolicy(document: Json, policies: Record<string, RoutePolicy>): string[] {
  return Object.entries((document.paths ?? {}) as Record<string, Json>).flatMap(([url, item]) =>
    Object.keys(item)
      .map((method) => routeKey(method.toUpperCase(), url.replace(/\{([^}]+)\}/g, ':$1')))
      .filter((key) => !policies[key]),
  );
}

/** The committed text: 2-space JSON and a final newline. */
export const documentText = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

/** Where two documents differ, as JSON pointers (the first `limit`), to say what drifted without a 300 KB diff. */
export function differences(a: unknown, b: unknown, limit = 10, at = ''): string[] {
  if (a === b) return [];
  const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null;
  if (!isObject(a) || !isObject(b) || Array.isArray(a) !== Array.isArray(b)) return [at || '/'];
  const found: string[] = [];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  if (JSON.stringify(Object.keys(a)) !== JSON.stringify(Object.keys(b)) && keys.every((k) => k in a && k in b))
    found.push(`${at || '/'} (key order)`);
  for (const key of keys) {
    if (found.length >= limit) break;
    const pointer = `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (!(key in a)) found.push(`${pointer} (added)`);
    else if (!(key in b)) found.push(`${pointer} (removed)`);
    else found.push(...differences(a[key], b[key], limit - found.length, pointer));
  }
  return found.slice(0, limit);
}
