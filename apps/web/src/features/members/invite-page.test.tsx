import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { getStoredUser } from '@/lib/auth-storage';
import { toast } from '@/lib/toast';
import { inEnglish } from '@/testing/english-strings';
import { renderAt, signIn } from '@/testing/render-at';
import { json, stubApi, type ApiCall } from '@/testing/stub-api';
import { InvitePage } from './invite-page';
import { buildMe, PREVIEW, TOKEN } from './testing/members-api';

const render = () => renderAt(`/invite/${TOKEN}`, '/invite/:token', <InvitePage />);

const stub = (routes: Record<string, (url: URL, call: ApiCall) => Response> = {}) =>
  stubApi({
    [`GET /api/invites/${TOKEN}`]: () => json(PREVIEW),
    'POST /api/auth/logout': () => json({ message: 'Signed out' }),
    ...routes,
  });

describe('InvitePage', { timeout: 20_000 }, () => {
  inEnglish(['members', 'common']);

  it('shows what the invitation is for and, signed out, the way to sign in and come back', async () => {
    stub();
    render();
    expect(
      await screen.findByRole('heading', { name: 'You are invited to join Analytical Engines as Operator' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('invite-for')).toHaveTextContent('This invitation is for ada@example.org. It is valid until');
    expect(screen.getByText('Sign in with ada@example.org to accept it.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to accept' })).toHaveAttribute('href', `/auth?next=/invite/${TOKEN}`);
    expect(screen.queryByTestId('invite-accept')).toBeNull();
  });

  it('says when the link is no longer valid', async () => {
    stub({ [`GET /api/invites/${TOKEN}`]: () => json({ detail: 'Invitation not found', code: 'not_found' }, 404) });
    render();
    expect(await screen.findByTestId('invite-gone')).toHaveTextContent(
      'This invitation has expired, was already used or was revoked.',
    );
  });

  it('accepts, stores the person as they now are, empties the caches and opens the dashboard', async () => {
    signIn('owner');
    const success = vi.spyOn(toast, 'success');
    const calls = stub({
      [`POST /api/invites/${TOKEN}/accept`]: () =>
        json({ organisation_id: '00000000-0000-4000-8000-0000000000e1', role: 'operator' }),
      'GET /api/auth/me': () => json(buildMe()),
    });
    const client = render();
    const clear = vi.spyOn(client, 'clear');
    expect(await screen.findByText('Signed in as ada@example.org.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/dashboard');
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      `GET /api/invites/${TOKEN}`,
      `POST /api/invites/${TOKEN}/accept`,
      'GET /api/auth/me',
    ]);
    expect(getStoredUser()).toMatchObject({
      email: 'ada@example.org',
      organisation_id: '00000000-0000-4000-8000-0000000000e1',
      org_role: 'operator',
    });
    expect(getStoredUser()).not.toHaveProperty('organisations');
    expect(clear).toHaveBeenCalled();
    expect(success).toHaveBeenCalledWith('You joined Analytical Engines');
  });

  it('explains a refusal for another account, and signs out to sign in with the invited address', async () => {
    // The browser holds a session but not who it is: only the server's 403 tells.
    localStorage.setItem(STORAGE_KEYS.token, 't'.repeat(43));
    const calls = stub({
      [`POST /api/invites/${TOKEN}/accept`]: () =>
        json({ detail: 'This invitation is for another address', code: 'forbidden' }, 403),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept the invitation' }));
    const notice = await screen.findByTestId('invite-wrong-account');
    expect(notice).toHaveTextContent(
      'This invitation is for ada@example.org, and you are signed in with another address. Sign in with ada@example.org to accept it.',
    );
    await userEvent.click(within(notice).getByRole('button', { name: 'Sign out and sign in as ada@example.org' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/auth');
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toContain('POST /api/auth/logout');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('warns beforehand when the signed-in address is not the invited one', async () => {
    signIn('owner');
    stub({ [`GET /api/invites/${TOKEN}`]: () => json({ ...PREVIEW, email: 'grace@example.org' }) });
    render();
    expect(await screen.findByTestId('invite-wrong-account')).toHaveTextContent(
      'You are signed in as ada@example.org, but this invitation is for grace@example.org.',
    );
  });

  it('asks to sign in again when the session has ended', async () => {
    signIn('owner');
    stub({ [`POST /api/invites/${TOKEN}/accept`]: () => json({ detail: 'Session expired', code: 'unauthenticated' }, 401) });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByTestId('invite-failure')).toHaveTextContent('Your session has ended.');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Sign in to accept' })).toBeInTheDocument());
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
