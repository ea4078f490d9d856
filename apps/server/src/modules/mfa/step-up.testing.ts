// Test helper: answering a step-up the way a person without a second factor does (an e-mailed code). Not shipped code.
import type { FastifyInstance } from 'fastify';
import { trackSecret } from '../../testing/secrets';
import { codeIn } from '../auth/auth.testing';

export type Auth = { authorization: string };
export interface ApiRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
  headers?: Record<string, string>;
}

/**
 * Sends a request; when it answers 401 `step_up_required`, proves the step-up by an e-mailed code (read from the
 * test mailer's outbox for `email`) and retries it with the proof in X-Step-Up. Throws when the proof is refused.
 */
export async function withEmailStepUp(app: FastifyInstance, auth: Auth, email: string, request: ApiRequest) {
  const send = (extra: Record<string, string> = {}) =>
    app.inject({ ...request, headers: { ...request.headers, ...auth, ...extra } });
  const first = await send();
  if (first.statusCode !== 401 || first.json<{ code?: string }>().code !== 'step_up_required') return first;
  const { challenge } = first.json<{ challenge: string }>();
  const mailed = await app.inject({ method: 'POST', url: '/api/auth/step-up/email', headers: auth, payload: { challenge } });
  if (mailed.statusCode !== 200) throw new Error(`step-up e-mail refused: ${mailed.body}`);
  const code = codeIn(app.mailer.outbox.filter((m) => m.to === email).at(-1)?.text ?? '');
  trackSecret(code);
  const proof = await app.inject({
    method: 'POST',
    url: '/api/auth/step-up',
    headers: auth,
    payload: { challenge, code, method: 'email' },
  });
  if (proof.statusCode !== 200) throw new Error(`step-up refused: ${proof.body}`);
  return send({ 'x-step-up': proof.json<{ step_up_token: string }>().step_up_token });
}
