import { expect } from 'vitest';
import { withEmailStepUp } from '../modules/mfa/step-up.testing';
import type { TestApp } from './app';

/**
 * Requests to the app as one member (`auth`, or other `headers` per call), with the checks integration tests repeat:
 * a creation (201, its body) and a refusal (status, code and what the detail says). With `stepUpEmail`, a step-up
 * asked of `auth` is answered by the code mailed there.
 */
export function routesClient(t: TestApp, auth: Record<string, string>, options: { stepUpEmail?: string } = {}) {
  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers = auth) => {
    const request = { method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) };
    // A member without a second factor answers a step-up by the code mailed to them, when the test says who they are.
    return options.stepUpEmail && headers === auth
      ? withEmailStepUp(t.app, { authorization: auth.authorization ?? '' }, options.stepUpEmail, request)
      : t.app.inject(request);
  };
  return {
    send,
    async created<T>(url: string, payload: unknown, headers = auth): Promise<T> {
      const res = await send('POST', url, payload, headers);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<T>();
    },
    /** The answer has this status and code, and its detail says this. */
    async refused(res: ReturnType<typeof send>, status: number, code: string, detail: string | RegExp): Promise<void> {
      const r = await res;
      expect(r.statusCode, r.body).toBe(status);
      const body = r.json<{ code: string; detail: string }>();
      expect(body.code).toBe(code);
      expect(body.detail).toMatch(detail);
    },
  };
}
export type RoutesClient = ReturnType<typeof routesClient>;
