import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';
import type { PortalHandle } from './portal';

// What global setup (support/global-setup.ts) starts once per run and hands to every test file: one Chromium and
// two portals. Files share them and keep apart by organisation: each signs up its own people (uniqueEmail).

/** The platform administrator both portals are started with (PROXAI_ADMIN_EMAIL/PROXAI_ADMIN_PASSWORD). */
export const ADMIN = { email: 'admin@proxai.test', password: 'e2e admin password 42' };
/** The OpenID client the portals are configured with: the one startOidcPeer (apps/server) registers. */
export const OIDC_CLIENT = { id: 'proxai-test', secret: 'proxai-test-client-secret-0123456789' };
/** Where the contact form's messages go (CONTACT_TO). */
export const CONTACT_TO = 'team@proxai.test';

/** The portal on the embedded database (PGlite, in its data directory) and the one on PostgreSQL. */
export type PortalName = 'pglite' | 'postgres';

export interface SharedPortalInfo {
  url: string;
  port: number;
  dataDir: string;
  /** One JSON string a line: the secrets the files handled, which the portal's log must not hold (read at teardown). */
  secretsFile: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Playwright server of the run's Chromium (chromium.connect). */
    browserEndpoint: string;
    portals: Record<PortalName, SharedPortalInfo>;
    /** The database of the PostgreSQL portal, for files that read what it stored. */
    postgresUrl: string;
    /** The port auth.e2e.test.ts starts its OpenID provider on: the portals' OIDC_ISSUER is http://127.0.0.1:<port>. */
    oidcPort: number;
  }
}

/** A portal of the run; `track` hands secrets to the check its stop makes at the end of the run. */
export function sharedPortal(name: PortalName): PortalHandle {
  const { url, port, dataDir, secretsFile } = inject('portals')[name];
  return {
    url,
    port,
    dataDir,
    track: (...secrets) => {
      const lines = secrets.flatMap((s) => (s ? [`${JSON.stringify(s)}\n`] : []));
      if (lines.length > 0) fs.appendFileSync(secretsFile, lines.join(''));
    },
  };
}

/** The run's Chromium; closing the answer closes this file's contexts and leaves the browser to the next file. */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
}

/**
 * `name@domain` as `name.<6 random letters>@domain`: the portals outlive a file, so each file signs up people (and
 * with them organisations) of its own. Letters only: a run of six digits could pass for a mailed sign-in code.
 */
export function uniqueEmail(email: string): string {
  const at = email.indexOf('@');
  const suffix = Array.from({ length: 6 }, () => String.fromCharCode(97 + randomInt(26))).join('');
  return `${email.slice(0, at)}.${suffix}${email.slice(at)}`;
}
