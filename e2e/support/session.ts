import type { Page } from 'playwright-core';
import type { PortalHandle } from './portal';

export interface Session {
  token: string;
  user: unknown;
}

/** Signs in through the e-mail code flow over HTTP and returns what the web app stores. */
export async function signInOverHttp(portal: PortalHandle, email: string): Promise<Session> {
  const post = (path: string, body: unknown) =>
    fetch(`${portal.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const sent = await post('/auth/magic-link', { email, language: 'en' });
  if (!sent.ok) throw new Error(`magic-link: ${sent.status} ${await sent.text()}`);
  const mails = (await (await fetch(`${portal.url}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    text: string;
  }[];
  const code = /:\s*(\d{6})\s*$/m.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error('no code in the mail');
  const verified = await post('/auth/verify-otp', { email, otp_code: code });
  const body = (await verified.json()) as { access_token: string; user: unknown };
  return { token: body.access_token, user: body.user };
}

/** Puts the session (and the UI language) where the web app reads them; the page must be on the portal. */
export async function storeSession(page: Page, session: Session, language = 'en'): Promise<void> {
  await page.evaluate(
    `localStorage.setItem('proxai_token', ${JSON.stringify(session.token)}); localStorage.setItem('proxai_user', ${JSON.stringify(JSON.stringify(session.user))}); localStorage.setItem('proxai_language', ${JSON.stringify(language)});`,
  );
}
