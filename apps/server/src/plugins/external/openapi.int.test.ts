import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyCreateSchema, DOMAIN_EVENT_TYPES } from '@proxai/contract';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../testing/app';
import { differences } from './openapi-document';
import { COMMITTED_OPENAPI_FILE, EXTRA_EXAMPLES, openApiText } from './openapi';

type Json = Record<string, unknown>;

// The committed contract (packages/contract/openapi.json) is what the code generates: `npm run validate` and
// `npm test` fail here when a route or schema changed without `npm run openapi`.
describe('OpenAPI document', () => {
  let t: TestApp;
  let generated: string;
  let document: Json;
  beforeAll(async () => {
    t = await createTestApp();
    generated = openApiText(t.app);
    document = JSON.parse(generated) as Json;
  });
  afterAll(async () => {
    await t.close();
  });

  it('is the committed packages/contract/openapi.json', () => {
    const committed = fs.existsSync(COMMITTED_OPENAPI_FILE) ? fs.readFileSync(COMMITTED_OPENAPI_FILE, 'utf8') : undefined;
    if (committed === generated) return;
    const where = committed === undefined ? ['the file is missing'] : differences(JSON.parse(committed), document);
    expect.fail(`packages/contract/openapi.json is out of date (${where.join(', ')}): run npm run openapi`);
  });

  it('GET /api/openapi.json and the document of /api/docs answer the same document', async () => {
    for (const url of ['/api/openapi.json', '/api/docs/json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(document);
    }
  });

  it('has no reference to a missing component', () => {
    const refs = new Set([...generated.matchAll(/"\$ref": "#\/([^"]+)"/g)].map((m) => m[1] ?? ''));
    const missing = [...refs].filter((ref) => {
      let node: unknown = document;
      for (const part of ref.split('/')) node = (node as Json | undefined)?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
      return node === undefined;
    });
    expect(refs.size).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('describes the session and API key schemes and each operation’s access', () => {
    const schemes = (document.components as Json).securitySchemes as Record<string, Json>;
    expect(schemes.session).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'session_token' });
    expect(schemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'pxk_<prefix>_<secret>' });
    const paths = document.paths as Record<string, Record<string, Json>>;
    const op = (url: string, method: string) => paths[url]?.[method] as Json;
    expect(op('/api/vms', 'get')).toMatchObject({
      'x-permission': 'fleet.read',
      security: [{ session: [] }, { sessionCookie: [] }, { apiKey: [] }],
    });
    expect(op('/api/health', 'get')).not.toHaveProperty('security');
    expect(op('/api/auth/me', 'get').security).toEqual([{ session: [] }, { sessionCookie: [] }]);
    expect(op('/api/admin/licenses/generate', 'post')).toMatchObject({
      'x-permission': 'platform:licenses.generate',
      security: [{ session: [] }, { sessionCookie: [] }],
    });
    const deleteHost = op('/api/hosts/{id}', 'delete');
    expect(deleteHost).toMatchObject({ 'x-step-up': true, 'x-approval': 'hosts.delete' });
    expect(deleteHost.parameters).toContainEqual({ $ref: '#/components/parameters/StepUp' });
    expect(op('/api/vms/bulk-action', 'post')['x-step-up']).toEqual({ action: ['stop', 'restart'] });
    expect(op('/api/backups/restore', 'post')['x-permission-by-body']).toEqual({
      'backups.restore_over': { target: ['original'] },
    });
    // Routes that exist only in some deployments are left out: the document is the same everywhere. The demo's route
    // exists everywhere (404 without the demo), so it is documented.
    expect(paths).not.toHaveProperty('/api/dev/outbox');
    expect(paths).toHaveProperty(['/api/demo', 'get', 'x-permission'], 'public');
  });

  it('carries examples of the main schemas, and every domain event as a webhook', () => {
    const schemas = (document.components as Json).schemas as Record<string, Json>;
    for (const name of ['Vm', 'Host', 'Task', 'Error', 'DomainEvent', 'Licence']) {
      expect(schemas[name]?.examples, name).toEqual(expect.arrayContaining([expect.any(Object)]));
    }
    expect(schemas.ApiKeyCreateInput?.examples).toBeDefined();
    const webhooks = document.webhooks as Json;
    expect(Object.keys(webhooks).sort()).toEqual([...DOMAIN_EVENT_TYPES].sort());
  });

  it('the examples this plugin adds parse with their schema', () => {
    for (const example of EXTRA_EXAMPLES.ApiKeyCreate ?? [])
      expect(z.safeParse(ApiKeyCreateSchema, example).error).toBeUndefined();
  });

  it('/api/docs renders under the app’s Content-Security-Policy: no inline script, every asset served', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    // script-src 'self' forbids inline scripts: every script of the page must come from a file.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', body = ''] of scripts) {
      expect(attributes).toMatch(/src="/);
      expect(body.trim()).toBe('');
    }
    const assets = [...page.body.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(assets).toEqual(expect.arrayContaining(['static/swagger-ui-bundle.js', 'static/swagger-initializer.js']));
    for (const asset of assets) {
      const res = await t.app.inject({ method: 'GET', url: `/api/docs/${asset}` });
      expect(res.statusCode, asset).toBe(200);
      expect(res.headers['content-security-policy'], asset).toBe(csp);
    }
    // The initializer loads the document from ./json on the same origin (connect-src 'self'), and never asks
    // validator.swagger.io to check it.
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain("url: resolveUrl('./json')");
    expect(initializer.body).toContain('validatorUrl: null');
  });
});
