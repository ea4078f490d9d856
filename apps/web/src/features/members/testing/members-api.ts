import type { Approval, Invite, InvitePreview, Member, Me } from '@proxai/contract';
import { json, stubApi, type ApiCall } from '@/testing/stub-api';

// The members pages' API in component tests: Ada (the signed-in person of testing/render-at.tsx, id '1') an owner
// with a second factor, Grace an administrator, Linus a read-only member who never signed in; one pending
// invitation; a plan of 5 members; no request held for approval unless a test gives some.

export const buildMember = (overrides: Partial<Member> = {}): Member => ({
  user_id: '00000000-0000-4000-8000-0000000000a2',
  email: 'grace@example.org',
  name: 'Grace',
  role: 'admin',
  joined_at: '2026-01-05T09:00:00.000Z',
  last_active_at: '2026-01-12T10:00:00.000Z',
  mfa_enabled: false,
  ...overrides,
});

export const ADA = buildMember({ user_id: '1', email: 'ada@example.org', name: 'Ada', role: 'owner', mfa_enabled: true });
export const GRACE = buildMember();
export const LINUS = buildMember({
  user_id: '00000000-0000-4000-8000-0000000000a3',
  email: 'linus@example.org',
  name: null,
  role: 'readonly',
  last_active_at: null,
});

export const buildInvite = (overrides: Partial<Invite> = {}): Invite => ({
  id: '00000000-0000-4000-8000-0000000000b1',
  email: 'alan@example.org',
  role: 'operator',
  invited_by: 'ada@example.org',
  created_at: '2026-01-12T09:00:00.000Z',
  expires_at: '2026-01-19T09:00:00.000Z',
  ...overrides,
});

/** A request of Grace's held for approval (changing Linus's role), waiting, that the reader may decide. */
export const buildApproval = (overrides: Partial<Approval> = {}): Approval => ({
  id: '00000000-0000-4000-8000-0000000000c1',
  action: 'members.role',
  method: 'PATCH',
  path: `/api/members/${LINUS.user_id}`,
  body: { role: 'admin' },
  requested_by: 'grace@example.org',
  requested_at: '2026-01-12T09:00:00.000Z',
  expires_at: '2026-01-13T09:00:00.000Z',
  status: 'pending',
  decided_by: null,
  decided_at: null,
  result_status: null,
  result_detail: null,
  can_decide: true,
  ...overrides,
});

/** Answers the members page's reads (`routes` add or replace some). */
export function stubMembers(
  routes: Record<string, (url: URL, call: ApiCall) => Response> = {},
  {
    members = [ADA, GRACE, LINUS],
    maxUsers = 5,
    invites = [buildInvite()],
    approvals = [],
  }: { members?: Member[]; maxUsers?: number | null; invites?: Invite[]; approvals?: Approval[] } = {},
): ApiCall[] {
  return stubApi({
    'GET /api/members': () => json({ members, max_users: maxUsers }),
    'GET /api/invites': () => json(invites),
    'GET /api/approvals': () => json(approvals),
    'POST /api/auth/logout': () => json({ message: 'Signed out' }),
    // The account menu of the page's header reads the person's organisations.
    'GET /api/auth/me': () => json(buildMe({ org_role: 'owner' })),
    ...routes,
  });
}

export const TOKEN = 'inv_abcdefghijklmnopqrstuvwxyz012345';

export const PREVIEW: InvitePreview = {
  organisation_name: 'Analytical Engines',
  email: 'ada@example.org',
  role: 'operator',
  expires_at: '2026-01-19T09:00:00.000Z',
};

export const buildMe = (overrides: Partial<Me> = {}): Me => ({
  id: '1',
  email: 'ada@example.org',
  name: 'Ada',
  role: 'user',
  organisation_id: '00000000-0000-4000-8000-0000000000e1',
  org_role: 'operator',
  timezone: null,
  organisations: [{ organisation_id: '00000000-0000-4000-8000-0000000000e1', name: 'Analytical Engines', role: 'operator' }],
  permissions: ['fleet.read'],
  mfa_enabled: false,
  ...overrides,
});
