import type { InjectOptions } from 'fastify';
import { type RegisteredRoute } from '../../testing/app';
import { type Segment } from './params-cases';
import { hasBodyMethod } from './parts';
import { type Plan } from './plans';

/* Turns a plan into the request injected into the app: the path filled in, the caller's credentials, the body. */

/** An injected request whose headers the answer checks read back. */
export type FuzzRequest = InjectOptions & { headers: Record<string, string> };

/** The test's accounts and rows, which only exist once the app runs. */
export interface Accounts {
  /** A session token of the account for the route. */
  tokenOf: (who: 'owner' | 'admin', route: RegisteredRoute) => Promise<string>;
  /** A fresh row for each id whose row a request may use up. */
  renew: ReadonlyMap<string, () => Promise<string>>;
}

function fillPath(url: string, values: Record<string, Segment>): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => {
    const segment = values[name] ?? { text: 'x', raw: false };
    return segment.raw ? segment.text : encodeURIComponent(segment.text);
  });
}

/** The request a plan makes, signed in as its caller; an id whose row a request may use up is first renewed. */
export async function toRequest(route: RegisteredRoute, plan: Plan, accounts: Accounts): Promise<FuzzRequest> {
  const { tokenOf, renew } = accounts;
  const values = { ...plan.params.values };
  for (const [name, segment] of Object.entries(values)) {
    const fresh = renew.get(segment.text);
    if (fresh) values[name] = { text: await fresh(), raw: false };
  }
  const ownRole = route.url.startsWith('/api/admin/') ? 'admin' : 'owner';
  const own =
    plan.caller === 'other-account' || plan.caller === 'anonymous' || plan.caller === 'garbage-bearer'
      ? ''
      : await tokenOf(ownRole, route);
  const headers: Record<string, string> = { ...plan.headers.headers };
  switch (plan.caller) {
    case 'proper':
      headers.authorization = `Bearer ${own}`;
      break;
    case 'other-account':
      headers.authorization = `Bearer ${await tokenOf(ownRole === 'admin' ? 'owner' : 'admin', route)}`;
      break;
    case 'garbage-bearer':
      headers.authorization = plan.bearer;
      break;
    case 'cookie':
      headers.cookie = `session_token=${own}`;
      headers.origin = 'https://evil.example';
      break;
    case 'cookie-same-origin':
      headers.cookie = `session_token=${own}`;
      headers.origin = 'http://localhost:80';
      break;
    case 'anonymous':
      break;
  }
  const request: FuzzRequest = {
    method: route.method,
    url: fillPath(route.url, values) + (plan.query.search ? `?${plan.query.search}` : ''),
    headers,
  };
  if (hasBodyMethod(route.method) && plan.body.payload !== undefined) {
    request.payload = plan.body.payload;
    if (plan.body.contentType !== undefined) headers['content-type'] = plan.body.contentType;
  }
  return request;
}
