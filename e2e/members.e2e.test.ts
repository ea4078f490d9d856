import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PLANS } from '@proxai/contract/plans';
import { newPage } from './support/browser';
import { answerStepUpByEmail } from './support/mfa';
import { lastMailTo, type PortalHandle } from './support/portal';
import { connectBrowser, sharedPortal, uniqueEmail } from './support/shared';

const OWNER = uniqueEmail('lea@atelier-durand.example');
const MEMBER = uniqueEmail('new.member@example.org');
/** A new organisation runs on the 14-day Pro trial: Pro's member limit (25; Essential's is 5). */
const TRIAL_MAX_USERS = PLANS.pro.limits.max_users;
const ARTIFACTS = new URL('./artifacts/', import.meta.url).pathname;

// The e2e project has no DOM types: browser-side reads are passed as expressions.
const storedToken = (page: Page) => page.evaluate<string | null>("localStorage.getItem('proxai_token')");

interface Me {
  email: string;
  organisation_id: string | null;
  org_role: string | null;
  organisations: { organisation_id: string; name: string; role: string }[];
}

/** The code of the first mail to `email` newer than mail `after` (the dev outbox numbers its mails). */
async function mailedCode(portal: PortalHandle, email: string, after = 0): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${portal.url}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const last = ((await res.json()) as { id: number; text: string }[]).at(-1);
    if (last && last.id > after) {
      const code = /:\s*(\d{6})\s*$/m.exec(last.text)?.[1];
      if (!code) throw new Error(`no code in:\n${last.text}`);
      return code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail for ${email}`);
}

/** /auth's e-mail code flow (the page must be on /auth); the caller waits for where it leads. */
async function signInByCode(portal: PortalHandle, page: Page, email: string) {
  await page.getByTestId('auth-option-email').click();
  await page.getByTestId('email-input').fill(email);
  await page.getByTestId('send-code-button').click();
  await page.getByTestId('otp-input').waitFor();
  await page.getByTestId('otp-input').fill(await mailedCode(portal, email));
  await page.getByTestId('verify-code-button').click();
}

async function apiGet<T>(portal: PortalHandle, path: string, token: string | null): Promise<T> {
  const res = await fetch(`${portal.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, `GET ${path}`).toBe(200);
  return (await res.json()) as T;
}

describe('members and invitations in Chromium', () => {
  let portal: PortalHandle;
  let browser: Browser;
  let owner: { context: BrowserContext; page: Page };
  let member: { context: BrowserContext; page: Page };
  let ownerMe: Me;
  let inviteToken = '';
  /** The later steps need the member: they fail at once when the invitation was not accepted. */
  let accepted = false;
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  const serverErrors: string[] = [];

  function watch(page: Page) {
    page.on('pageerror', (err) => pageErrors.push(err.message));
    // A step-up first answers 401: Chromium logs each refused request as "Failed to load resource".
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) consoleErrors.push(msg.text());
    });
    page.on('response', (res) => {
      if (res.status() >= 500) serverErrors.push(`${res.status()} ${res.request().method()} ${res.url()}`);
    });
  }

  const memberRow = (page: Page) => page.getByTestId('member-row').filter({ hasText: MEMBER });

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    portal = sharedPortal('pglite');
    browser = await connectBrowser();
    owner = await newPage(browser, portal.url);
    watch(owner.page);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an owner signs up by e-mail code; the 14-day Pro trial allows members', async () => {
    const { page } = owner;
    await page.goto('/auth');
    await signInByCode(portal, page, OWNER);
    await page.waitForURL('**/dashboard');
    const token = await storedToken(page);
    portal.track(token);
    ownerMe = await apiGet<Me>(portal, '/auth/me', token);
    expect(ownerMe).toMatchObject({ email: OWNER, org_role: 'owner' });
    expect(ownerMe.organisations).toHaveLength(1);
    const list = await apiGet<{ members: unknown[]; max_users: number | null }>(portal, '/members', token);
    expect(list.max_users).toBe(TRIAL_MAX_USERS);
    expect(TRIAL_MAX_USERS).toBeGreaterThan(1);
    expect(list.members).toHaveLength(1);
  });

  it('invites a new member as Operator: the pending invite is listed and the mail holds /invite/<token>', async () => {
    const { page } = owner;
    await page.evaluate("localStorage.setItem('proxai_theme', 'light')");
    await page.goto('/settings/members');
    await page.getByTestId('invites-empty').waitFor();
    await expect.poll(() => page.getByTestId('seat-usage').textContent()).toBe(`Membres\u00a0: 1 sur ${TRIAL_MAX_USERS}`);
    await page.getByTestId('invite-email').fill(MEMBER);
    await page.getByTestId('invite-role').selectOption('operator');
    await page.getByTestId('invite-submit').click();
    await page.getByText(`Invitation envoyée à ${MEMBER}`).first().waitFor();
    const row = page.getByTestId('invite-row');
    await row.waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain(MEMBER);
    expect(await row.textContent()).toContain('Opérateur');
    expect(await row.textContent()).toContain(`Invité par ${OWNER}`);
    expect(await page.getByTestId('invite-email').inputValue()).toBe('');

    const mail = await lastMailTo(portal.url, MEMBER);
    expect(mail, 'no invite mail').toBeDefined();
    const link = /https?:\/\/\S+\/invite\/([A-Za-z0-9_%-]+)/.exec(mail!.text);
    expect(link, `no invite link in:\n${mail!.text}`).not.toBeNull();
    inviteToken = decodeURIComponent(link![1]!);
    portal.track(inviteToken);
    expect(mail!.text).toContain(ownerMe.organisations[0]!.name);

    // Reloaded so the toast does not cover the header.
    await page.reload();
    await page.getByTestId('invite-row').waitFor();
    await page.getByTestId('member-row').first().waitFor();
    await page.screenshot({ path: `${ARTIFACTS}members-owner-light.png`, fullPage: true });
  });

  it('a second browser without a session: the preview names the organisation and role, sign-in comes back, Accept joins', async () => {
    member = await newPage(browser, portal.url);
    watch(member.page);
    const { page } = member;
    await page.goto(`/invite/${inviteToken}`);
    const title = page.getByTestId('invite-title');
    // A render error shows React Router's error page: fail at once, with its words, rather than wait out the timeout.
    const crashed = page.getByRole('heading', { name: 'Unexpected Application Error!' });
    await title.or(crashed).waitFor();
    if (await crashed.count()) throw new Error(`/invite/<token> did not render:\n${await page.locator('body').innerText()}`);
    expect(await title.textContent()).toBe(
      `Vous êtes invité à rejoindre ${ownerMe.organisations[0]!.name} en tant que Opérateur`,
    );
    expect(await page.getByTestId('invite-for').textContent()).toContain(MEMBER);
    expect(await page.getByTestId('invite-accept').count()).toBe(0);

    await page.getByTestId('invite-sign-in').click();
    await page.waitForURL((u) => u.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/invite/${inviteToken}`);
    await signInByCode(portal, page, MEMBER);
    await page.waitForURL((u) => u.pathname === `/invite/${inviteToken}`);
    const token = await storedToken(page);
    portal.track(token);
    // Before accepting: invited, so no organisation of one's own.
    expect((await apiGet<Me>(portal, '/auth/me', token)).organisations).toEqual([]);

    await page.getByTestId('invite-accept').click();
    await page.waitForURL('**/dashboard');
    accepted = true;
    await page.getByText(`Vous avez rejoint ${ownerMe.organisations[0]!.name}`).first().waitFor();
    const me = await apiGet<Me>(portal, '/auth/me', await storedToken(page));
    expect(me).toMatchObject({ email: MEMBER, org_role: 'operator', organisation_id: ownerMe.organisation_id });
    expect(me.organisations).toEqual([
      { organisation_id: ownerMe.organisation_id, name: ownerMe.organisations[0]!.name, role: 'operator' },
    ]);
    // The link is used up.
    const again = await fetch(`${portal.url}/api/invites/${encodeURIComponent(inviteToken)}`);
    expect(again.status).toBe(404);
  });

  it("the operator's members page has no management controls", async () => {
    expect(accepted, 'the invitation was not accepted').toBe(true);
    const { page } = member;
    await page.goto('/settings/members');
    await memberRow(page).waitFor();
    expect(await page.getByTestId('member-row').count()).toBe(2);
    expect(await memberRow(page).getByTestId('member-role').textContent()).toBe('Opérateur');
    expect(await page.locator('select[data-testid="member-role"]').count()).toBe(0);
    expect(await page.getByTestId('member-remove').count()).toBe(0);
    expect(await page.getByTestId('invite-section').count()).toBe(0);
  });

  it('the owner sees the new member as Opérateur, changes the role to Lecture seule after a step-up by e-mail', async () => {
    expect(accepted, 'the invitation was not accepted').toBe(true);
    const { page } = owner;
    await page.reload();
    const row = memberRow(page);
    await row.waitFor();
    const select = row.getByTestId('member-role');
    expect(await select.inputValue()).toBe('operator');
    expect(await select.locator('option:checked').textContent()).toBe('Opérateur');
    await page.getByTestId('invites-empty').waitFor();
    await expect.poll(() => page.getByTestId('seat-usage').textContent()).toBe(`Membres\u00a0: 2 sur ${TRIAL_MAX_USERS}`);

    await select.selectOption('readonly');
    await answerStepUpByEmail(page, portal.url, OWNER);
    await page.getByText(`Nouveau rôle de ${MEMBER}\u00a0: Lecture seule`).first().waitFor();
    await expect.poll(() => select.inputValue()).toBe('readonly');
    expect(await select.locator('option:checked').textContent()).toBe('Lecture seule');

    await page.reload();
    await expect.poll(() => memberRow(page).getByTestId('member-role').inputValue()).toBe('readonly');
    await page.screenshot({ path: `${ARTIFACTS}members-owner-roles-light.png`, fullPage: true });
    const list = await apiGet<{ members: { email: string; role: string }[] }>(portal, '/members', await storedToken(page));
    expect(list.members.find((m) => m.email === MEMBER)?.role).toBe('readonly');
  });

  it('the member, now read-only, sees their role and still no management controls', async () => {
    expect(accepted, 'the invitation was not accepted').toBe(true);
    const { page } = member;
    await page.reload();
    await memberRow(page).waitFor();
    await expect.poll(() => memberRow(page).getByTestId('member-role').textContent()).toBe('Lecture seule');
    expect(await memberRow(page).getByTestId('member-you').count()).toBe(1);
    expect(await page.locator('select[data-testid="member-role"]').count()).toBe(0);
    expect(await page.getByTestId('member-remove').count()).toBe(0);
    expect(await page.getByTestId('invite-section').count()).toBe(0);
    expect((await apiGet<Me>(portal, '/auth/me', await storedToken(page))).org_role).toBe('readonly');
    await page.screenshot({ path: `${ARTIFACTS}members-readonly-light.png`, fullPage: true });

    expect(pageErrors, `uncaught errors in the page:\n${pageErrors.join('\n')}`).toEqual([]);
    expect(consoleErrors, `console errors:\n${consoleErrors.join('\n')}`).toEqual([]);
    expect(serverErrors).toEqual([]);
  });
});
