// Calls to a running portal shared by the benchmarks: JSON requests, signing in by mailed code, following a task.
// The platform administrator's calls (second factor, step-up, licences) are in admin.ts.

export async function json<T>(
  url: string,
  init: Omit<RequestInit, 'headers'> & { token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {
    ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    ...init.headers,
  };
  const res = await fetch(url, { ...init, headers });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A refused answer's `detail` (the error body every route writes), for error messages. */
export const detailOf = (body: unknown): string =>
  typeof body === 'object' && body && 'detail' in body ? String(body.detail) : JSON.stringify(body);

/** How often the web app reads a guest action's task until it ends (apps/web/src/features/dashboard/api/vm-action.ts). */
const TASK_POLL_MS = 400;

/** Reads a task until it has ended, by default as often as the web app does; answers its end state. */
export async function followTask(base: string, token: string, taskId: string, pollMs = TASK_POLL_MS): Promise<string> {
  for (;;) {
    const { body } = await json<{ status: string }>(`${base}/api/tasks/${taskId}`, { token });
    if (['succeeded', 'failed', 'cancelled', 'skipped'].includes(body.status)) return body.status;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** Signs `email` in with the code the dev outbox received (the portal runs without SMTP). */
export async function signInByCode(base: string, email: string): Promise<string> {
  const sent = await json(`${base}/api/auth/magic-link`, { method: 'POST', body: JSON.stringify({ email, language: 'en' }) });
  if (sent.status !== 200) throw new Error(`magic-link ${sent.status}: ${detailOf(sent.body)}`);
  const outbox = await json<{ to: string; text: string }[]>(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const code = /\b(\d{6})\b/.exec(outbox.body.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error('no code in the outbox');
  const verified = await json<{ access_token: string }>(`${base}/api/auth/verify-otp`, {
    method: 'POST',
    body: JSON.stringify({ email, otp_code: code }),
  });
  if (verified.status !== 200) throw new Error(`verify-otp ${verified.status}: ${detailOf(verified.body)}`);
  return verified.body.access_token;
}

/** The body that adds simulated node `n` with its API token. */
export const tokenHostBody = (n: { name: string; url: string; username: string; tokenId: string; tokenSecret: string }) =>
  JSON.stringify({
    name: n.name,
    pve_url: n.url,
    pve_node: n.name,
    user: n.username,
    auth_type: 'token',
    token_name: n.tokenId.split('!')[1],
    token_value: n.tokenSecret,
  });
