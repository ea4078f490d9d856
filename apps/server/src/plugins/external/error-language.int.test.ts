import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@proxai/contract';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildUser } from '../../testing/factories';
import { translate } from '../../i18n/catalogue';

// An error's detail is written in the request's language (Accept-Language, as the web sends it), from the errors
// catalogue; logs and anything stored keep the English text. The language does not depend on the database: PGlite only.
describe('error details in the language of the request', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ auth } = await buildUser(t.database.db));
  });
  afterAll(async () => {
    await t.close();
  });

  const getTask = (language?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/tasks/${randomUUID()}`,
      headers: { ...auth, ...(language ? { 'accept-language': language } : {}) },
    });

  it('answers a missing task in each of the nine languages, English without a language we know', async () => {
    const seen = new Set<string>();
    for (const language of LANGUAGES) {
      const res = await getTask(language);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', detail: translate(language, 'errors', 'notFound.task') });
      seen.add(res.json<{ detail: string }>().detail);
    }
    expect(seen.size).toBe(LANGUAGES.length);
    expect((await getTask('fr-FR,fr;q=0.9')).json()).toEqual({ code: 'not_found', detail: 'Tâche introuvable' });
    for (const language of [undefined, 'sv-SE', '*'])
      expect((await getTask(language)).json<{ detail: string }>().detail).toBe('Task not found');
    // The log line is in English whatever the request's language.
    expect(t.logs.filter((l) => l.msg === 'Task not found').length).toBeGreaterThanOrEqual(LANGUAGES.length);
    expect(t.logs.some((l) => l.msg === 'Tâche introuvable')).toBe(false);
  });

  it('writes the errors of the request itself (sign-in, malformed JSON, validation) in the language', async () => {
    const signIn = await t.app.inject({ method: 'GET', url: '/api/hosts', headers: { 'accept-language': 'de' } });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toEqual({ code: 'unauthenticated', detail: translate('de', 'errors', 'access.signIn') });

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/hosts',
      headers: { ...auth, 'content-type': 'application/json', 'accept-language': 'ja' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ code: 'invalid_json', detail: translate('ja', 'errors', 'request.malformedJson') });

    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/hosts',
      headers: { ...auth, 'accept-language': 'fr' },
      payload: {},
    });
    expect(invalid.statusCode).toBe(400);
    const body = invalid.json<{ code: string; detail: string; errors: { path: string; message: string }[] }>();
    expect(body.code).toBe('validation_failed');
    const first = body.errors[0]!;
    expect(body.detail).toBe(translate('fr', 'errors', 'request.invalidAt', { path: first.path, problem: first.message }));
    expect(body.detail).not.toMatch(/^Invalid request/);
  });

  it('chooses the plural form of a counted text by the language', async () => {
    const { AppError, errorText } = await import('../../errors');
    const one = new AppError('rate_limited', errorText('request.tryAgainIn', { count: 1 }));
    const five = new AppError('rate_limited', errorText('request.tryAgainIn', { count: 5 }));
    expect(one.detail).toBe('Too many attempts; please try again in 1 minute');
    expect(five.detail).toBe('Too many attempts; please try again in 5 minutes');
    expect(one.detailIn('fr')).toBe('Trop de tentatives\u00a0; veuillez réessayer dans 1 minute');
    expect(five.detailIn('fr')).toBe('Trop de tentatives\u00a0; veuillez réessayer dans 5 minutes');
    expect(five.detailIn('ar')).toBe(translate('ar', 'errors', 'request.tryAgainIn', { count: 5 }));
  });
});
