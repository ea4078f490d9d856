import { randomBytes, randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invite, InvitePreview, Me, MemberList } from '@proxai/contract';
import type { OrgRole } from '@proxai/contract/permissions';
import { memberships, organisations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildOrganisation, buildUser } from '../../testing/factories';
import { trackSecret } from '../../testing/secrets';
import { codeIn } from '../auth/auth.testing';
import { sender, withEmailStepUp, type ApiRequest, type Auth } from '../mfa/step-up.testing';

/** Step-up by e-mailed code (the people here have no second factor), for the signed-in person of `auth`. */
async function withStepUp(app: FastifyInstance, auth: Auth, request: ApiRequest) {
  const { email } = (await app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).json<Me>();
  return withEmailStepUp(app, auth, email, request);
}

const address = (who: string) => `${who}-${randomBytes(4).toString('hex')}@example.test`;

describe('members, invites and organisations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const api = sender(() => t.app);
  const meOf = async (auth: Auth) => {
    const res = await api(auth, 'GET', '/api/auth/me');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Me>();
  };
  /** An organisation on its Pro trial (25 seats) with its first owner. */
  const team = async () => {
    const org = await buildOrganisation(db(), { trialEndsAt: new Date(Date.now() + 14 * 24 * 60 * 60_000) });
    const owner = await buildUser(db(), { organisationId: org.id, orgRole: 'owner' });
    return { org, owner };
  };
  const memberOf = (organisationId: string, orgRole: OrgRole) => buildUser(db(), { organisationId, orgRole });
  /** The token of the newest invitation link mailed to `to` (`<base>/invite/<token>`). */
  const inviteTokenFor = (to: string) => {
    const mail = t.app.mailer.outbox.filter((m) => m.to === to).at(-1);
    const match = /\/invite\/(\S+)/.exec(mail?.text ?? '');
    if (!match) throw new Error(`no invitation link mailed to ${to}`);
    const token = decodeURIComponent(match[1]!);
    trackSecret(token);
    return token;
  };

  it('an owner invites by e-mail; the link previews, only the invited address accepts it, and only once', async () => {
    const { org, owner } = await team();
    const email = address('newcomer');
    const created = await api(owner.auth, 'POST', '/api/invites', { email, role: 'operator' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Invite>()).toMatchObject({ email, role: 'operator', invited_by: owner.user.email });
    const mail = t.app.mailer.outbox.filter((m) => m.to === email).at(-1);
    expect(mail?.subject).toContain(org.name);
    expect(mail?.text).toMatch(/^http:\/\/localhost(:80)?\/invite\/\S+$/m);
    const token = inviteTokenFor(email);
    const pending = await api(owner.auth, 'GET', '/api/invites');
    expect(pending.json<Invite[]>().map((i) => i.email)).toEqual([email]);
    // Inviting the same address again while the first invite waits is a conflict.
    const twice = await api(owner.auth, 'POST', '/api/invites', { email, role: 'readonly' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'conflict' });

    const preview = await api(undefined, 'GET', `/api/invites/${encodeURIComponent(token)}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<InvitePreview>()).toEqual({
      organisation_name: org.name,
      email,
      role: 'operator',
      expires_at: expect.any(String),
    });

    // Someone else signed in cannot take it; the invite stays usable.
    const stranger = await buildUser(db(), { organisationId: null });
    const refused = await api(stranger.auth, 'POST', `/api/invites/${encodeURIComponent(token)}/accept`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden', detail: expect.stringContaining(email) });
    expect((await meOf(stranger.auth)).organisations).toEqual([]);
    expect((await api(undefined, 'GET', `/api/invites/${encodeURIComponent(token)}`)).statusCode).toBe(200);

    const invited = await buildUser(db(), { email, organisationId: null });
    expect((await meOf(invited.auth)).organisations).toEqual([]);
    const accepted = await api(invited.auth, 'POST', `/api/invites/${encodeURIComponent(token)}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ organisation_id: org.id, role: 'operator' });

    // The session now acts in the organisation with the invited role.
    const me = await meOf(invited.auth);
    expect(me).toMatchObject({ organisation_id: org.id, org_role: 'operator' });
    expect(me.organisations).toEqual([{ organisation_id: org.id, name: org.name, role: 'operator' }]);
    expect(me.permissions).toContain('guests.operate');
    expect(me.permissions).not.toContain('members.manage');
    expect((await api(invited.auth, 'GET', '/api/members')).statusCode).toBe(200);
    expect((await api(invited.auth, 'GET', '/api/hosts')).statusCode).toBe(200);
    const cannotInvite = await api(invited.auth, 'POST', '/api/invites', { email: address('other'), role: 'readonly' });
    expect(cannotInvite.statusCode).toBe(403);

    // Single use: the link is dead now, for the preview too.
    const again = await api(invited.auth, 'POST', `/api/invites/${encodeURIComponent(token)}/accept`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'not_found' });
    expect((await api(undefined, 'GET', `/api/invites/${encodeURIComponent(token)}`)).statusCode).toBe(404);

    const list = (await api(owner.auth, 'GET', '/api/members')).json<MemberList>();
    expect(list.members.map((m) => [m.email, m.role])).toEqual([
      [owner.user.email, 'owner'],
      [email, 'operator'],
    ]);
    expect(list.max_users).toBe(25);
    expect((await api(owner.auth, 'GET', '/api/invites')).json<Invite[]>()).toEqual([]);
    // A member is not invited again.
    const member = await api(owner.auth, 'POST', '/api/invites', { email, role: 'readonly' });
    expect(member.statusCode).toBe(409);
  });

  it('a revoked invite no longer previews nor accepts', async () => {
    const { owner } = await team();
    const email = address('revoked');
    const created = await api(owner.auth, 'POST', '/api/invites', { email, role: 'readonly' });
    expect(created.statusCode, created.body).toBe(201);
    const token = inviteTokenFor(email);
    const revoked = await api(owner.auth, 'DELETE', `/api/invites/${created.json<Invite>().id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await api(undefined, 'GET', `/api/invites/${encodeURIComponent(token)}`)).statusCode).toBe(404);
    const invited = await buildUser(db(), { email, organisationId: null });
    expect((await api(invited.auth, 'POST', `/api/invites/${encodeURIComponent(token)}/accept`)).statusCode).toBe(404);
    expect((await api(owner.auth, 'DELETE', `/api/invites/${created.json<Invite>().id}`)).statusCode).toBe(404);
  });

  it('an invited address without an account signs in by e-mail code into no organisation of its own until it accepts', async () => {
    const { org, owner } = await team();
    const email = address('fresh');
    expect((await api(owner.auth, 'POST', '/api/invites', { email, role: 'readonly' })).statusCode).toBe(201);
    const token = inviteTokenFor(email);
    const organisationsBefore = (await db().select({ n: count() }).from(organisations))[0]!.n;

    const asked = await api(undefined, 'POST', '/api/auth/magic-link', { email, language: 'en' });
    expect(asked.statusCode, asked.body).toBe(200);
    const mail = t.app.mailer.outbox.filter((m) => m.to === email).at(-1);
    const code = codeIn(mail?.text ?? '');
    trackSecret(code);
    const signedIn = await api(undefined, 'POST', '/api/auth/verify-otp', { email, otp_code: code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const auth = { authorization: `Bearer ${signedIn.json<{ access_token: string }>().access_token}` };

    // No organisation was made for the newcomer: they belong to none until they accept.
    expect((await db().select({ n: count() }).from(organisations))[0]!.n).toBe(organisationsBefore);
    const before = await meOf(auth);
    expect(before).toMatchObject({ email, organisation_id: null, organisations: [], permissions: [] });
    expect((await api(auth, 'GET', '/api/hosts')).statusCode).toBe(403);

    const accepted = await api(auth, 'POST', `/api/invites/${encodeURIComponent(token)}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = await meOf(auth);
    expect(after).toMatchObject({ organisation_id: org.id, org_role: 'readonly' });
    expect(after.organisations).toEqual([{ organisation_id: org.id, name: org.name, role: 'readonly' }]);
    expect((await api(auth, 'GET', '/api/hosts')).statusCode).toBe(200);
  });

  it('the last owner cannot be removed, demoted nor leave; with two owners one can be demoted', async () => {
    const { org, owner } = await team();
    // A sensitive call asks for a step-up first, for someone without a factor by e-mail.
    const bare = await api(owner.auth, 'DELETE', `/api/members/${owner.user.id}`);
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toMatchObject({ code: 'step_up_required', challenge: expect.any(String), methods: ['email'] });

    const removed = await withStepUp(t.app, owner.auth, { method: 'DELETE', url: `/api/members/${owner.user.id}` });
    expect(removed.statusCode, removed.body).toBe(409);
    expect(removed.json()).toMatchObject({ code: 'last_owner' });
    const demoted = await withStepUp(t.app, owner.auth, {
      method: 'PATCH',
      url: `/api/members/${owner.user.id}`,
      payload: { role: 'admin' },
    });
    expect(demoted.statusCode, demoted.body).toBe(409);
    expect(demoted.json()).toMatchObject({ code: 'last_owner' });
    const left = await api(owner.auth, 'POST', '/api/members/leave');
    expect(left.statusCode).toBe(409);
    expect(left.json()).toMatchObject({ code: 'last_owner' });
    expect((await meOf(owner.auth)).org_role).toBe('owner');

    const second = await memberOf(org.id, 'owner');
    const done = await withStepUp(t.app, second.auth, {
      method: 'PATCH',
      url: `/api/members/${owner.user.id}`,
      payload: { role: 'admin' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ user_id: owner.user.id, role: 'admin' });
    expect((await meOf(owner.auth)).org_role).toBe('admin');
    // The second owner is now the last one.
    expect((await api(second.auth, 'POST', '/api/members/leave')).json()).toMatchObject({ code: 'last_owner' });
    const selfDemote = await withStepUp(t.app, second.auth, {
      method: 'PATCH',
      url: `/api/members/${second.user.id}`,
      payload: { role: 'readonly' },
    });
    expect(selfDemote.json()).toMatchObject({ code: 'last_owner' });

    // The former owner, an admin now, can leave.
    const gone = await api(owner.auth, 'POST', '/api/members/leave');
    expect(gone.statusCode, gone.body).toBe(200);
    const list = (await api(second.auth, 'GET', '/api/members')).json<MemberList>();
    expect(list.members.map((m) => m.user_id)).toEqual([second.user.id]);
    expect((await meOf(owner.auth)).organisations).toEqual([]);
  });

  it('an owner removes a member, who then has no access to the organisation', async () => {
    const { org, owner } = await team();
    const operator = await memberOf(org.id, 'operator');
    const removed = await withStepUp(t.app, owner.auth, { method: 'DELETE', url: `/api/members/${operator.user.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await meOf(operator.auth)).toMatchObject({ organisation_id: null, organisations: [] });
    expect((await api(operator.auth, 'GET', '/api/hosts')).statusCode).toBe(403);
    const again = await withStepUp(t.app, owner.auth, { method: 'DELETE', url: `/api/members/${operator.user.id}` });
    expect(again.statusCode).toBe(404);
  });

  it('an admin cannot make someone an owner nor remove or demote an owner, but manages the others', async () => {
    const { org, owner } = await team();
    const admin = await memberOf(org.id, 'admin');
    const operator = await memberOf(org.id, 'operator');
    const promote = await withStepUp(t.app, admin.auth, {
      method: 'PATCH',
      url: `/api/members/${operator.user.id}`,
      payload: { role: 'owner' },
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.json()).toMatchObject({ code: 'forbidden' });
    const removeOwner = await withStepUp(t.app, admin.auth, { method: 'DELETE', url: `/api/members/${owner.user.id}` });
    expect(removeOwner.statusCode).toBe(403);
    const demoteOwner = await withStepUp(t.app, admin.auth, {
      method: 'PATCH',
      url: `/api/members/${owner.user.id}`,
      payload: { role: 'readonly' },
    });
    expect(demoteOwner.statusCode).toBe(403);
    const inviteOwner = await api(admin.auth, 'POST', '/api/invites', { email: address('boss'), role: 'owner' });
    expect(inviteOwner.statusCode).toBe(403);
    const roles = (await api(owner.auth, 'GET', '/api/members')).json<MemberList>().members.map((m) => [m.user_id, m.role]);
    expect(roles).toEqual(
      expect.arrayContaining([
        [owner.user.id, 'owner'],
        [operator.user.id, 'operator'],
      ]),
    );

    const lower = await withStepUp(t.app, admin.auth, {
      method: 'PATCH',
      url: `/api/members/${operator.user.id}`,
      payload: { role: 'readonly' },
    });
    expect(lower.statusCode, lower.body).toBe(200);
    expect(lower.json()).toMatchObject({ role: 'readonly' });
    const invited = await api(admin.auth, 'POST', '/api/invites', { email: address('helper'), role: 'operator' });
    expect(invited.statusCode, invited.body).toBe(201);
  });

  it('an operator is refused member changes, invites and the security policy (403, before any step-up)', async () => {
    const { org, owner } = await team();
    const operator = await memberOf(org.id, 'operator');
    const other = await memberOf(org.id, 'readonly');
    const refused = [
      await api(operator.auth, 'PATCH', `/api/members/${other.user.id}`, { role: 'operator' }),
      await api(operator.auth, 'DELETE', `/api/members/${other.user.id}`),
      await api(operator.auth, 'DELETE', `/api/members/${owner.user.id}`),
      await api(operator.auth, 'POST', '/api/invites', { email: address('nope'), role: 'readonly' }),
      await api(operator.auth, 'GET', '/api/invites'),
      await api(operator.auth, 'PUT', '/api/organisation/security', { require_mfa: false }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden' });
    }
    expect((await api(operator.auth, 'GET', '/api/members')).statusCode).toBe(200);
    expect((await api(operator.auth, 'GET', '/api/organisation/security')).json()).toEqual({
      require_mfa: false,
      approval_actions: [],
    });
  });

  it('the security policy is changed by an owner after a step-up; requiring a factor needs one of the owner', async () => {
    const { owner } = await team();
    const bare = await api(owner.auth, 'PUT', '/api/organisation/security', { require_mfa: false });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toMatchObject({ code: 'step_up_required', methods: ['email'] });
    const set = await withStepUp(t.app, owner.auth, {
      method: 'PUT',
      url: '/api/organisation/security',
      payload: { require_mfa: false },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ require_mfa: false, approval_actions: [] });
    const require = await withStepUp(t.app, owner.auth, {
      method: 'PUT',
      url: '/api/organisation/security',
      payload: { require_mfa: true },
    });
    expect(require.statusCode, require.body).toBe(409);
    expect(require.json()).toMatchObject({ code: 'invalid_state' });
    expect((await api(owner.auth, 'GET', '/api/organisation/security')).json()).toEqual({
      require_mfa: false,
      approval_actions: [],
    });
  });

  it('an organisation on the free plan (one seat) cannot invite', async () => {
    const org = await buildOrganisation(db(), { trialEndsAt: null });
    const owner = await buildUser(db(), { organisationId: org.id, orgRole: 'owner' });
    const list = (await api(owner.auth, 'GET', '/api/members')).json<MemberList>();
    expect(list.max_users).toBe(1);
    const email = address('over');
    const res = await api(owner.auth, 'POST', '/api/invites', { email, role: 'readonly' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'plan_limit' });
    expect(t.app.mailer.outbox.some((m) => m.to === email)).toBe(false);
    expect((await api(owner.auth, 'GET', '/api/invites')).json()).toEqual([]);
  });

  it('a person in two organisations switches between them; an organisation they are not in is 404', async () => {
    const { org: first, owner } = await team();
    const { org: second } = await team();
    await db().insert(memberships).values({ userId: owner.user.id, organisationId: second.id, role: 'readonly' });
    const stranger = await team();

    const start = await meOf(owner.auth);
    expect(start).toMatchObject({ organisation_id: first.id, org_role: 'owner' });
    expect(start.organisations.map((o) => [o.organisation_id, o.role]).sort()).toEqual(
      [
        [first.id, 'owner'],
        [second.id, 'readonly'],
      ].sort(),
    );

    const switched = await api(owner.auth, 'POST', '/api/auth/switch-organisation', { organisation_id: second.id });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json<Me>()).toMatchObject({ organisation_id: second.id, org_role: 'readonly' });
    expect(switched.json<Me>().permissions).not.toContain('members.manage');
    // The session acts in the second organisation now, with its role there.
    expect(await meOf(owner.auth)).toMatchObject({ organisation_id: second.id, org_role: 'readonly' });
    expect((await api(owner.auth, 'GET', '/api/hosts')).statusCode).toBe(200);
    expect((await api(owner.auth, 'GET', '/api/invites')).statusCode).toBe(403);
    const members = (await api(owner.auth, 'GET', '/api/members')).json<MemberList>();
    expect(members.members.map((m) => m.user_id)).toContain(owner.user.id);
    expect(members.members.map((m) => m.user_id)).not.toEqual([owner.user.id]);

    for (const organisation_id of [stranger.org.id, randomUUID()]) {
      const refused = await api(owner.auth, 'POST', '/api/auth/switch-organisation', { organisation_id });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'not_found' });
    }
    expect((await meOf(owner.auth)).organisation_id).toBe(second.id);

    const back = await api(owner.auth, 'POST', '/api/auth/switch-organisation', { organisation_id: first.id });
    expect(back.json<Me>()).toMatchObject({ organisation_id: first.id, org_role: 'owner' });
    expect((await api(owner.auth, 'GET', '/api/invites')).statusCode).toBe(200);
  });
});
