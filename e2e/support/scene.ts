import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { generateFleet, startFleet, type Fleet } from '@proxai/pve-sim';
import { newPage } from './browser';
import type { PortalHandle } from './portal';
import { signInOverHttp, storeSession, type Session } from './session';
import { connectBrowser, sharedPortal } from './shared';

export const ARTIFACTS = new URL('../artifacts/', import.meta.url).pathname;

/** A simulated node, the run's portal on the embedded database, Chromium and a signed-in English page on it. */
export interface Scene {
  fleet: Fleet;
  portal: PortalHandle;
  browser: Browser;
  page: Page;
  session: Session;
  close(): Promise<void>;
}

/**
 * Starts one simulated node (`guests` guests from `seed`, tasks lasting `taskDurationMs`), connects to the run's
 * Chromium and signs `email` in on the run's portal (allowed to reach the node on 127.0.0.1): a new user, so an
 * organisation of the file's own. The node's secrets and the session token are tracked: the portal's log must
 * never hold them (and neither must `secrets`).
 */
export async function startScene(options: {
  email: string;
  seed: number;
  guests?: number;
  taskDurationMs: number;
  secrets?: string[];
}): Promise<Scene> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const fleet = await startFleet(generateFleet({ nodes: 1, guests: options.guests ?? 6, seed: options.seed, pbs: false }), {
    taskDurationMs: options.taskDurationMs,
  });
  const portal = sharedPortal('pglite');
  const browser = await connectBrowser();
  const { page } = await newPage(browser, portal.url, { locale: 'en-US' });
  const session = await signInOverHttp(portal, options.email);
  portal.track(session.token, ...(options.secrets ?? []), ...fleet.nodes.flatMap((n) => [n.password, n.tokenSecret]));
  await page.goto('/');
  await storeSession(page, session);
  return {
    fleet,
    portal,
    browser,
    page,
    session,
    close: async () => {
      await browser.close();
      await fleet.close();
    },
  };
}

/** GET `/api${apiPath}` as the scene's signed-in user; throws on a non-2xx answer. */
export async function sceneApi<T>(scene: Scene, apiPath: string): Promise<T> {
  const res = await fetch(`${scene.portal.url}/api${apiPath}`, { headers: { authorization: `Bearer ${scene.session.token}` } });
  if (!res.ok) throw new Error(`${apiPath}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Waits until `check` answers a value (polling every second), or fails after `timeoutMs` with the last error. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`timed out${last instanceof Error ? `: ${last.message}` : ''}`);
}
