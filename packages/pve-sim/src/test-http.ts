import https from 'node:https';

/** Raw HTTPS for the simulator's own tests (no client library: we test the wire format). */
export interface RawAnswer {
  status: number;
  statusText: string;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** form body; an array value is sent as repeated keys */
  form?: Record<string, string | string[]>;
  json?: unknown;
  timeoutMs?: number;
}

export function raw(baseUrl: string, r: RawRequest): Promise<RawAnswer> {
  const url = new URL(r.path, baseUrl);
  const headers: Record<string, string> = { ...r.headers };
  let body: string | undefined;
  if (r.form) {
    body = new URLSearchParams(
      Object.entries(r.form).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x): [string, string] => [k, x])),
    ).toString();
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
  } else if (r.json !== undefined) {
    body = JSON.stringify(r.json);
    headers['Content-Type'] = 'application/json';
  }
  if (body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      { method: r.method ?? 'GET', headers, rejectUnauthorized: false, agent: false, timeout: r.timeoutMs ?? 5_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers: res.headers, text, json });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    req.on('error', reject);
    req.end(body);
  });
}

/** Logs in with a password and returns headers for ticket auth (GET and write). */
export async function ticketHeaders(
  baseUrl: string,
  password: string,
  product: 'PVE' | 'PBS' = 'PVE',
): Promise<{ get: Record<string, string>; write: Record<string, string> }> {
  const res = await raw(baseUrl, { method: 'POST', path: '/api2/json/access/ticket', form: { username: 'root@pam', password } });
  const data = (res.json as { data: { ticket: string; CSRFPreventionToken: string } }).data;
  const cookie = `${product}AuthCookie=${encodeURIComponent(data.ticket)}`;
  return { get: { Cookie: cookie }, write: { Cookie: cookie, CSRFPreventionToken: data.CSRFPreventionToken } };
}

export function tokenHeader(tokenId: string, secret: string, product: 'PVE' | 'PBS' = 'PVE'): Record<string, string> {
  return { Authorization: `${product}APIToken=${tokenId}${product === 'PVE' ? '=' : ':'}${secret}` };
}

/** Polls a PVE task until it stops. */
export async function waitTask(
  baseUrl: string,
  node: string,
  upid: string,
  headers: Record<string, string>,
): Promise<Record<string, unknown>> {
  for (let i = 0; i < 200; i++) {
    const res = await raw(baseUrl, { path: `/api2/json/nodes/${node}/tasks/${encodeURIComponent(upid)}/status`, headers });
    const data = (res.json as { data: Record<string, unknown> }).data;
    if (data['status'] === 'stopped') return data;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`task ${upid} did not stop`);
}

/**
 * Runs `start` (which starts a task) with the node's tasks lasting `ms`, so a test can read the state
 * while that task runs even on a loaded machine; later tasks get the node's usual duration again.
 */
export async function startSlowTask<T>(node: { taskDurationMs: number }, start: () => Promise<T>, ms = 600): Promise<T> {
  const usual = node.taskDurationMs;
  node.taskDurationMs = ms;
  try {
    return await start();
  } finally {
    node.taskDurationMs = usual;
  }
}
