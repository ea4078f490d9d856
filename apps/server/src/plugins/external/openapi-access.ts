import type { RouteNeed, RoutePolicy } from '../../access/route-policy';

// Who may call an operation, from its route policy (access/route-policy.ts, read only): the document's
// `security`, `x-permission`, `x-step-up`, `x-approval`, and the same in words (ADR 017).

type Json = Record<string, unknown>;

/** The ways to authenticate (DESIGN.md §5, §16); operations list which of them they accept. */
export const SECURITY_SCHEMES = {
  session: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A session token from sign-in (`access_token` of POST /api/auth/verify-otp, /api/auth/magic, /api/auth/admin-login, ' +
      '/api/auth/passkey/sign-in, or `session_token` of POST /api/auth/oauth/session), sent as `Authorization: Bearer <token>`.',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'session_token',
    description: 'The same session as the HttpOnly `session_token` cookie a browser receives at sign-in.',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'pxk_<prefix>_<secret>',
    description:
      'An organisation API key created at POST /api/api-keys, sent as `Authorization: Bearer pxk_<prefix>_<secret>`. ' +
      "Its rights are its scopes intersected with its creator's current permissions, narrowed to its hosts and tags; it expires.",
  },
} as const;

/** The header a stepped-up request carries. */
export const STEP_UP_PARAMETER = {
  name: 'X-Step-Up',
  in: 'header',
  required: false,
  description: 'Proof answered by POST /api/auth/step-up for the challenge of a 401 `step_up_required` (single use, 5 minutes).',
  schema: { type: 'string', minLength: 20, maxLength: 300 },
} as const;

const SESSION = [{ session: [] }, { sessionCookie: [] }];
const SESSION_OR_API_KEY = [...SESSION, { apiKey: [] }];

/** Values of a top-level body field that select a different need, step-up or approval, e.g. `{ target: ['original'] }`. */
type Condition = Record<string, string[]>;
interface Probe {
  field: string;
  value: string;
  body: Json;
}

const code = (value: string) => `\`${value}\``;
const orList = (values: string[]) => values.map(code).join(' or ');
const describeCondition = (condition: Condition) =>
  Object.entries(condition)
    .map(([field, values]) => `${code(field)} is ${orList(values)}`)
    .join(', or ');

/** Bodies that differ in one enumerated top-level field: a policy that reads the body is evaluated on each. */
function probesOf(bodySchema: Json | undefined, schemas: Record<string, Json>): Probe[] {
  const resolved = resolveRef(bodySchema, schemas);
  const properties = (resolved?.properties ?? {}) as Record<string, Json>;
  return Object.entries(properties).flatMap(([field, property]) => {
    const values = enumValues(resolveRef(property, schemas));
    return values.map((value) => ({ field, value, body: { [field]: value } }));
  });
}

function enumValues(schema: Json | undefined): string[] {
  if (!schema) return [];
  if (Array.isArray(schema.enum)) return schema.enum.filter((v): v is string => typeof v === 'string');
  return typeof schema.const === 'string' ? [schema.const] : [];
}

function resolveRef(schema: Json | undefined, schemas: Record<string, Json>): Json | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema;
  return schemas[ref.replace('#/components/schemas/', '')];
}

/** The probes for which `test` holds, as a condition; `true` when it holds for all (or, without probes, for `{}`). */
function conditionOf(probes: Probe[], test: (body: Json) => boolean): Condition | boolean {
  if (probes.length === 0) return test({});
  const matching = probes.filter((p) => test(p.body));
  if (matching.length === probes.length) return true;
  if (matching.length === 0) return false;
  const condition: Condition = {};
  for (const p of matching) (condition[p.field] ??= []).push(p.value);
  return condition;
}

function needText(need: RouteNeed): string {
  if (need === 'public') return 'public: no session or API key (a call may check a code, ticket or token it is given)';
  if (need === 'session') return 'a signed-in session (session token or cookie); API keys are not accepted';
  if (need.startsWith('platform:'))
    return `a platform administrator's session with ${code(need.slice('platform:'.length))}; API keys are not accepted`;
  return `permission ${code(need)} in the organisation the session acts in, or an API key whose scopes include it`;
}

const securityOf = (need: RouteNeed) =>
  need === 'public' ? undefined : need === 'session' || need.startsWith('platform:') ? SESSION : SESSION_OR_API_KEY;

/**
 * Adds to one operation what its route policy says: `security`, `x-permission` (and `x-permission-by-body`,
 * `x-step-up`, `x-approval`) and the same in words at the end of its description.
 */
export function describeAccess(operation: Json, policy: RoutePolicy, schemas: Record<string, Json>): void {
  const content = (operation.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  const probes = probesOf(content?.['application/json']?.schema as Json | undefined, schemas);
  const lines: string[] = [];

  const { need } = policy;
  const baseNeed = typeof need === 'function' ? need({}) : need;
  const byBody: Record<string, Condition> = {};
  if (typeof need === 'function') {
    for (const p of probes) {
      const other = need(p.body);
      if (other !== baseNeed) ((byBody[other] ??= {})[p.field] ??= []).push(p.value);
    }
  }
  const security = securityOf(baseNeed);
  if (security) operation.security = security;
  operation['x-permission'] = baseNeed;
  const variants = Object.entries(byBody);
  if (variants.length > 0) operation['x-permission-by-body'] = byBody;
  lines.push(
    `**Access:** ${needText(baseNeed)}` +
      variants.map(([other, condition]) => `; ${code(other)} instead when ${describeCondition(condition)}`).join('') +
      '.',
  );

  const { stepUp } = policy;
  const stepUpWhen = typeof stepUp === 'function' ? conditionOf(probes, (body) => stepUp(body)) : (stepUp ?? false);
  if (stepUpWhen !== false) {
    operation['x-step-up'] = stepUpWhen;
    const when = stepUpWhen === true ? '' : ` when ${describeCondition(stepUpWhen)},`;
    lines.push(
      `**Step-up:**${when} a session answers 401 ${code('step_up_required')} with a ${code('challenge')} until the ` +
        `request is sent again with the ${code('X-Step-Up')} header holding a proof for exactly this request ` +
        '(POST /api/auth/step-up); API keys are not asked.',
    );
    addStepUpHeader(operation);
  }

  const { approval } = policy;
  const actions = new Map<string, Condition | boolean>();
  if (typeof approval === 'string') actions.set(approval, true);
  else if (approval) {
    const found = new Set([approval({}), ...probes.map((p) => approval(p.body))].filter((a) => a !== undefined));
    for (const action of [...found].sort())
      actions.set(
        action,
        conditionOf(probes, (body) => approval(body) === action),
      );
  }
  for (const [action, when] of actions) {
    if (when === false) continue;
    operation['x-approval'] = action;
    const condition = when === true ? '' : ` (when ${describeCondition(when)})`;
    lines.push(
      `**Four-eyes:** when the organisation requires approval of ${code(action)}${condition}, a session's request ` +
        `answers 202 ${code('approval_required')} with an ${code('approval_id')} and runs once another member ` +
        "approves it; an API key's is refused (403).",
    );
  }

  operation.description = [operation.description, ...lines].filter(Boolean).join('\n\n');
}

function addStepUpHeader(operation: Json): void {
  const parameters = (operation.parameters ??= []) as Json[];
  parameters.push({ $ref: '#/components/parameters/StepUp' });
  const responses = (operation.responses ??= {}) as Record<string, Json>;
  const unauthorised = (responses['401'] ??= { description: 'Unauthorized' });
  unauthorised.description =
    'Unauthorized, or `step_up_required` (StepUpRequired): prove a second factor, then retry with X-Step-Up';
  const json = (unauthorised.content as Record<string, Json> | undefined)?.['application/json'];
  if (json)
    json.examples = { ...(json.examples as Json | undefined), StepUpRequired: { $ref: '#/components/examples/StepUpRequired' } };
}
