import { describe, expect, it } from 'vitest';
import { DOMAIN_EVENT_TYPES } from '@proxai/contract';
import type { RoutePolicy } from '../../access/route-policy';
import { describeAccess } from './openapi-access';
import { differences, documentText, finishDocument, operationsWithoutPolicy } from './openapi-document';
import { eventDataJsonSchema } from './openapi-webhooks';
import { DomainEventDataSchemas } from '@proxai/contract';

type Json = Record<string, unknown>;

const errorResponse = {
  description: 'Default Response',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

/** A document as @fastify/swagger hands it over, with the routes given as `METHOD path` → operation. */
function swaggerDocument(operations: Record<string, Json>): Json {
  const paths: Record<string, Json> = {};
  for (const [key, operation] of Object.entries(operations)) {
    const [method = '', url = ''] = key.split(' ');
    (paths[url] ??= {})[method.toLowerCase()] = operation;
  }
  return { openapi: '3.1.0', info: { title: 'T', version: '1' }, components: { schemas: {} }, paths };
}

const bodyWith = (schema: Json) => ({ content: { 'application/json': { schema } } });

describe('describeAccess', () => {
  it('a permission: session or API key, x-permission and the text', () => {
    const operation: Json = { summary: 'List' };
    describeAccess(operation, { need: 'fleet.read' }, {});
    expect(operation.security).toEqual([{ session: [] }, { sessionCookie: [] }, { apiKey: [] }]);
    expect(operation['x-permission']).toBe('fleet.read');
    expect(operation.description).toContain('permission `fleet.read`');
    expect(operation['x-step-up']).toBeUndefined();
  });

  it('public: no security; session and platform: no API key', () => {
    const open: Json = {};
    describeAccess(open, { need: 'public' }, {});
    expect(open.security).toBeUndefined();
    expect(open['x-permission']).toBe('public');
    for (const need of ['session', 'platform:licenses.generate'] as const) {
      const operation: Json = {};
      describeAccess(operation, { need }, {});
      expect(operation.security).toEqual([{ session: [] }, { sessionCookie: [] }]);
      expect(operation.description).toContain('API keys are not accepted');
    }
  });

  it('step-up adds the X-Step-Up header, the 401 text and its example', () => {
    const operation: Json = { responses: { 401: structuredClone(errorResponse) } };
    describeAccess(operation, { need: 'hosts.manage', stepUp: true, approval: 'hosts.delete' }, {});
    expect(operation['x-step-up']).toBe(true);
    expect(operation['x-approval']).toBe('hosts.delete');
    expect(operation.parameters).toEqual([{ $ref: '#/components/parameters/StepUp' }]);
    const unauthorised = (operation.responses as Record<string, Json>)['401'] as Json;
    expect(unauthorised.description).toContain('step_up_required');
    expect(JSON.stringify(unauthorised)).toContain('#/components/examples/StepUpRequired');
    expect(operation.description).toMatch(/Step-up:.*X-Step-Up/);
    expect(operation.description).toMatch(/Four-eyes:.*hosts\.delete.*202/);
  });

  it('a policy that reads the body is described per value of the enumerated field it reads', () => {
    const target = (body: unknown) => (body as { target?: string }).target;
    const policy: RoutePolicy = {
      need: (body) => (target(body) === 'original' ? 'backups.restore_over' : 'backups.run'),
      stepUp: (body) => target(body) === 'original',
    };
    const schemas = { RestoreInput: { type: 'object', properties: { target: { type: 'string', enum: ['new', 'original'] } } } };
    const operation: Json = { requestBody: bodyWith({ $ref: '#/components/schemas/RestoreInput' }) };
    describeAccess(operation, policy, schemas);
    expect(operation['x-permission']).toBe('backups.run');
    expect(operation['x-permission-by-body']).toEqual({ 'backups.restore_over': { target: ['original'] } });
    expect(operation['x-step-up']).toEqual({ target: ['original'] });
    expect(operation.description).toContain('`backups.restore_over` instead when `target` is `original`');
  });

  it('a step-up that depends on the body but holds for every value is unconditional', () => {
    const operation: Json = { requestBody: bodyWith({ type: 'object', properties: { action: { enum: ['stop', 'restart'] } } }) };
    describeAccess(operation, { need: 'guests.operate', stepUp: (body) => (body as { action?: string }).action !== 'start' }, {});
    expect(operation['x-step-up']).toBe(true);
  });
});

describe('finishDocument', () => {
  const policies: Record<string, RoutePolicy> = {
    'GET /api/vms': { need: 'fleet.read' },
    'DELETE /api/hosts/:id': { need: 'hosts.manage', stepUp: true },
  };
  const build = () =>
    swaggerDocument({
      'POST /api/new-thing': { tags: ['new'], responses: { 200: { description: 'Default Response' } } },
      'DELETE /api/hosts/{id}': {
        tags: ['hosts'],
        responses: { 404: structuredClone(errorResponse), 401: structuredClone(errorResponse) },
      },
      'GET /api/hosts/{id}': { tags: ['hosts'], responses: {} },
      'GET /api/vms': {
        tags: ['guests'],
        responses: {
          200: {
            description: 'Default Response',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Vm' } } },
          },
        },
      },
    });

  it('orders paths, methods and responses, and lists tags in registration order', () => {
    const document = finishDocument(build(), { policies });
    expect(Object.keys(document)).toEqual(['openapi', 'info', 'tags', 'paths', 'webhooks', 'components']);
    expect(Object.keys(document.paths as Json)).toEqual(['/api/hosts/{id}', '/api/new-thing', '/api/vms']);
    expect(Object.keys((document.paths as Record<string, Json>)['/api/hosts/{id}'] as Json)).toEqual(['get', 'delete']);
    const responses = ((document.paths as Record<string, Record<string, Json>>)['/api/hosts/{id}']?.delete?.responses ??
      {}) as Json;
    expect(Object.keys(responses)).toEqual(['401', '404']);
    expect(document.tags).toEqual([{ name: 'new' }, { name: 'hosts' }, { name: 'guests' }, { name: 'webhooks' }]);
  });

  it('replaces "Default Response", adds error examples per status, and the referenced components only', () => {
    const document = finishDocument(build(), { policies });
    const text = JSON.stringify(document);
    expect(text).not.toContain('Default Response');
    const hosts = (document.paths as Record<string, Record<string, Json>>)['/api/hosts/{id}']?.delete as Json;
    const notFound = (hosts.responses as Record<string, Json>)['404'] as Json;
    expect(notFound.description).toBe('Not Found');
    expect(JSON.stringify(notFound)).toContain('#/components/examples/NotFound');
    const schemas = (document.components as Record<string, Json>).schemas as Json;
    // Vm from the route, Task from the task.* webhooks, Error from the answers; nothing the document does not use.
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['Vm', 'Task', 'Error']));
    expect(schemas).not.toHaveProperty('HostCreateInput');
    expect(Object.keys(schemas)).toEqual([...Object.keys(schemas)].sort());
    expect(text).not.toMatch(/"\$schema"|"\$id"/);
  });

  it('a route missing from the policies is documented without security and listed', () => {
    const document = finishDocument(build(), { policies });
    const added = (document.paths as Record<string, Record<string, Json>>)['/api/new-thing']?.post as Json;
    expect(added.security).toBeUndefined();
    expect(added['x-permission']).toBeUndefined();
    expect(operationsWithoutPolicy(document, policies)).toEqual(['GET /api/hosts/:id', 'POST /api/new-thing']);
  });

  it('is the same text however the routes were registered', () => {
    const reversed = build();
    reversed.paths = Object.fromEntries(Object.entries(reversed.paths as Json).reverse());
    const a = finishDocument(build(), { policies });
    const b = finishDocument(reversed, { policies });
    expect(documentText(b.paths)).toBe(documentText(a.paths));
    expect(documentText(b.components)).toBe(documentText(a.components));
  });

  it('has one webhook per domain event type, with the Standard Webhooks envelope and headers', () => {
    const webhooks = finishDocument(build(), { policies }).webhooks as Record<string, { post: Json }>;
    expect(Object.keys(webhooks).sort()).toEqual([...DOMAIN_EVENT_TYPES].sort());
    const ended = webhooks['task.ended']?.post as Json;
    expect(JSON.stringify(ended.parameters)).toContain('WebhookSignature');
    const schema = ((ended.requestBody as Json).content as Record<string, { schema: Json }>)['application/json']?.schema;
    expect(schema?.required).toEqual(['type', 'timestamp', 'data']);
    expect((schema?.properties as Json).type).toEqual({ type: 'string', const: 'task.ended' });
  });
});

describe('eventDataJsonSchema', () => {
  it('references the components for schemas with an id, and inlines the rest', () => {
    const created = eventDataJsonSchema(DomainEventDataSchemas['task.created']);
    expect(created.properties).toEqual({ task: { $ref: '#/components/schemas/Task' } });
    const offline = eventDataJsonSchema(DomainEventDataSchemas['host.offline']);
    expect(offline.required).toEqual(['host_id', 'name', 'reason']);
    expect(JSON.stringify(offline)).not.toContain('$defs');
  });
});

describe('differences', () => {
  it('names what changed as JSON pointers', () => {
    expect(differences({ a: 1, b: { c: [1, 2] } }, { a: 1, b: { c: [1, 3] } })).toEqual(['/b/c/1']);
    expect(differences({ paths: { '/x': {} } }, { paths: { '/x': {}, '/y': {} } })).toEqual(['/paths/~1y (added)']);
    expect(differences({ a: 1, b: 2 }, { b: 2, a: 1 })).toEqual(['/ (key order)']);
    expect(differences({ a: 1 }, { a: 1 })).toEqual([]);
  });
});
