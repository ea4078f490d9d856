import {
  AdminLoginRequestSchema,
  AdviceQuerySchema,
  ContactRequestSchema,
  GenerateLicenceRequestSchema,
  HostCreateSchema,
  IdParamsSchema,
  MagicLinkRequestSchema,
  NewsletterSubscribeRequestSchema,
  OidcCallbackQuerySchema,
  RevokeLicenceRequestSchema,
  VerifyOtpRequestSchema,
  VmActionRequestSchema,
} from '@proxai/contract';
import fc from 'fast-check';
import { describe as group, expect, it } from 'vitest';
import { z } from 'zod';
import { bodyArbitraries, bodySweep } from './body-cases';
import { staysOnRoute } from './judge';
import { paramsSweep } from './params-cases';
import { querySweep } from './query-cases';
import { unsafeUrls, type FuzzTargets } from './targets';
import { sampleValid, validArbitrary } from './valid-values';
import { mutantArbitrary } from './value-mutations';
import { accepts, describe } from './zod-model';

const targets: FuzzTargets = { closedPorts: [1, 45_678], knownIds: ['6f1c8a5e-3b0d-4c4e-9a55-1d2e3f405060'] };

const BODIES = {
  HostCreate: HostCreateSchema,
  VmActionRequest: VmActionRequestSchema,
  ContactRequest: ContactRequestSchema,
  NewsletterSubscribeRequest: NewsletterSubscribeRequestSchema,
  MagicLinkRequest: MagicLinkRequestSchema,
  VerifyOtpRequest: VerifyOtpRequestSchema,
  AdminLoginRequest: AdminLoginRequestSchema,
  GenerateLicenceRequest: GenerateLicenceRequestSchema,
  RevokeLicenceRequest: RevokeLicenceRequestSchema,
};

group('fuzz arbitraries built from the contract schemas', () => {
  it('the JSON Schema of a schema with a meta id is a $ref (why the fuzzer reads the zod definition instead)', () => {
    const json = z.toJSONSchema(HostCreateSchema, { io: 'input' }) as { $ref?: string; type?: string };
    expect(json.$ref).toBe('#/$defs/HostCreate');
    expect(json.type).toBeUndefined();
  });

  it('reads a discriminated union, pipes and string formats from the zod definition', () => {
    const host = describe(HostCreateSchema);
    expect(host.model.kind).toBe('union');
    if (host.model.kind !== 'union') return;
    expect(host.model.discriminator).toBe('auth_type');
    expect(host.model.options).toHaveLength(2);
    const password = host.model.options[0]!.model;
    expect(password.kind === 'object' && password.unknownKeys).toBe('strict');
    const fields = password.kind === 'object' ? password.fields : {};
    // z.string().trim().max(2048).pipe(z.url()): the url format of the output side is kept.
    expect(fields.pve_url!.model).toMatchObject({ kind: 'string', maxLength: 2048, formats: ['url'], normalises: true });
    expect(fields.fingerprint!.optional).toBe(true);
    expect(fields.auth_type!.model).toEqual({ kind: 'literal', values: ['password'] });
    const contact = describe(ContactRequestSchema).model;
    const email = contact.kind === 'object' ? contact.fields.email!.model : undefined;
    expect(email).toMatchObject({ kind: 'string', maxLength: 254, formats: ['email'] });
    const vm = describe(VmActionRequestSchema).model;
    expect(vm.kind === 'object' && vm.fields.vmid!.model).toMatchObject({ kind: 'number', int: true, min: 1, max: 999_999_999 });
  });

  for (const [name, schema] of Object.entries(BODIES)) {
    it(`${name}: valid bodies pass the schema, mutations mostly do not, the sweep covers every field`, () => {
      const field = describe(schema);
      const valid = fc.sample(validArbitrary(field, targets), { numRuns: 60, seed: 1 });
      for (const v of valid) expect(accepts(schema, v), JSON.stringify(v)).toBe(true);
      expect(unsafeUrls(valid, targets)).toEqual([]);

      const mutants = fc.sample(mutantArbitrary(field, targets), { numRuns: 200, seed: 2 });
      const rejected = mutants.filter((v) => !accepts(schema, JSON.parse(JSON.stringify(v) ?? 'null')));
      // Edge cases are not all invalid (unicode text, an extra field a non-strict object drops), most are.
      expect(rejected.length / mutants.length).toBeGreaterThan(0.35);

      const sweep = bodySweep(field, targets, 3);
      const labels = sweep.map((c) => c.label);
      const objects = field.model.kind === 'union' ? field.model.options : [field];
      for (const option of objects) {
        if (option.model.kind !== 'object') continue;
        for (const [key, sub] of Object.entries(option.model.fields)) {
          expect(labels).toContain(`without ${key}${sub.optional ? ' (optional)' : ''}`);
          expect(labels.some((l) => l.startsWith(`${key}: wrong type`))).toBe(true);
          if (sub.model.kind === 'string') {
            if (sub.model.maxLength !== undefined) expect(labels).toContain(`${key}: max+1 length ${sub.model.maxLength + 1}`);
            expect(labels).toContain(`${key}: 100 KB string (over the body limit)`);
            expect(labels).toContain(`${key}: NUL inside`);
          }
          if (sub.model.kind === 'literal' && sub.model.values.length > 1)
            expect(labels).toContain(`${key}: not in enum: upper case`);
          if (sub.model.kind === 'number' && sub.model.max !== undefined) expect(labels).toContain(`${key}: max+1`);
        }
        expect(labels).toContain('extra __proto__');
      }
      // The valid bases pass, every required field's removal and every wrong type is rejected.
      for (const c of sweep) {
        if (!c.parsed || c.contentType !== 'application/json') continue;
        const ok = accepts(schema, c.parsed.value);
        if (c.label === 'valid') expect(ok, c.payload).toBe(true);
        if (/^without \w+$/.test(c.label) || /: wrong type /.test(c.label)) expect(ok, `${c.label}: ${c.payload}`).toBe(false);
      }
      expect(
        unsafeUrls(
          sweep.map((c) => c.parsed?.value),
          targets,
        ),
      ).toEqual([]);
    });
  }

  it('HostCreate: both auth types are generated, and the sweep switches the tag and mixes the variants', () => {
    const host = describe(HostCreateSchema);
    const types = new Set(
      fc.sample(validArbitrary(host, targets), { numRuns: 60, seed: 4 }).map((v) => (v as { auth_type: string }).auth_type),
    );
    expect(types).toEqual(new Set(['password', 'token']));
    const sweep = bodySweep(host, targets, 5);
    const valid = sweep.filter((c) => c.label === 'valid');
    expect(valid).toHaveLength(2);
    for (const label of ['auth_type switched to token', 'auth_type switched to password', 'fields of two variants']) {
      const cases = sweep.filter((c) => c.label === label);
      expect(cases.length, label).toBeGreaterThan(0);
      for (const c of cases) expect(accepts(HostCreateSchema, c.parsed!.value), label).toBe(false);
    }
  });

  it('generated PVE addresses only name refused loopback ports or unresolvable names', () => {
    const urls = fc
      .sample(validArbitrary(describe(HostCreateSchema), targets), { numRuns: 300, seed: 6 })
      .map((v) => (v as { pve_url: string }).pve_url);
    for (const url of urls) {
      const { hostname, port } = new URL(url.trim());
      expect(
        hostname === '127.0.0.1' || hostname === 'localhost'
          ? targets.closedPorts.includes(Number(port))
          : hostname.endsWith('.invalid'),
        url,
      ).toBe(true);
    }
    expect(unsafeUrls({ pve_url: 'https://pve.example.com:8006' }, targets)).toEqual(['https://pve.example.com:8006']);
    expect(unsafeUrls(['https://127.0.0.1:8006', 'http://localhost', 'https://10.0.0.1:1'], targets)).toHaveLength(3);
    expect(unsafeUrls(['https://127.0.0.1:1', 'https://pve.invalid:8006', 'not a url', 'ftp://example.com'], targets)).toEqual(
      [],
    );
  });

  it('params and query sweeps come from their schemas: bad ids, too long, pattern violations', () => {
    const params = paramsSweep(describe(IdParamsSchema), ['id'], targets, 7);
    expect(params[0]!.values.id!.text).toBe(targets.knownIds[0]);
    const texts = params.filter((p) => !Object.values(p.values).some((s) => s.raw)).map((p) => p.values.id!.text);
    const rejected = texts.filter((text) => !accepts(IdParamsSchema, { id: text }));
    expect(rejected.length).toBe(texts.length - 1);
    expect(texts).toEqual(expect.arrayContaining(['', 'not-a-uuid', '../../etc/passwd', 'p'.repeat(201)]));

    const advice = querySweep(describe(AdviceQuerySchema), targets, 8);
    const adviceRejected = advice.filter((q) => q.parsed && !accepts(AdviceQuerySchema, q.parsed.value));
    expect(adviceRejected.map((q) => q.label)).toEqual(
      expect.arrayContaining(['context: max+1 length 65', 'context: HTML script', 'context: repeated']),
    );
    const oidc = querySweep(describe(OidcCallbackQuerySchema), targets, 9);
    for (const key of ['code', 'state', 'error', 'error_description', 'iss']) {
      expect(oidc.some((q) => q.label.startsWith(`${key}: max+1`) && !accepts(OidcCallbackQuerySchema, q.parsed!.value))).toBe(
        true,
      );
    }
  });

  it('a route without a body schema still gets payload edge cases', () => {
    const { mutated } = bodyArbitraries(null, targets);
    const sample = fc.sample(mutated, { numRuns: 100, seed: 10 });
    expect(sample.some((c) => c.contentType !== 'application/json')).toBe(true);
    expect(bodySweep(null, targets, 11).length).toBeGreaterThan(20);
    expect(sampleValid(describe(IdParamsSchema), targets, 12)).toMatchObject({ id: expect.any(String) });
  });
});

group('staysOnRoute', () => {
  const route = { method: 'GET', url: '/api/tasks/:id', isAuthenticated: true };
  it('knows when the router resolves a path to another route', () => {
    expect(staysOnRoute(route, '/api/tasks/0b7c1f0e-0000-4000-8000-000000000000')).toBe(true);
    expect(staysOnRoute(route, '/api/tasks/%20?x=1')).toBe(true);
    expect(staysOnRoute(route, '/api/tasks/')).toBe(false);
    expect(staysOnRoute(route, '/api/tasks/../..')).toBe(false);
    expect(staysOnRoute({ ...route, url: '/api/vms/:id/action' }, '/api/vms/../action')).toBe(false);
  });
});
