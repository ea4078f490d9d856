import type { CDPSession, Page } from 'playwright-core';

/** A platform authenticator Chromium simulates for one page (Chrome DevTools Protocol, WebAuthn domain). */
export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
  /** The credentials it holds (passkeys it created), as the DevTools protocol describes them. */
  credentials(): Promise<{ credentialId: string; isResidentCredential: boolean; rpId?: string; signCount: number }[]>;
}

/**
 * Gives `page` a built-in authenticator (like a laptop's fingerprint reader) that keeps discoverable credentials,
 * verifies the user and answers every prompt at once: navigator.credentials.create/get resolve without a person.
 * It lives as long as the page (across navigations), not the browser context.
 */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    authenticatorId,
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}
