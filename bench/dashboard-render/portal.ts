// The seeded portal and the signed-in tabs that run.ts (the benchmark) and trace.ts (its diagnosis) share.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';

/** One seeded organisation: its member's session and its guest count (templates left out). */
export type Session = { token: string; user: Record<string, unknown>; guests: number };

/** A private copy of a web build: other builds of the shared tree must not swap the assets mid-run. */
export function privateCopy(dist: string): string {
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`No web build in ${dist} (npm run build -w apps/web)`);
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-bench-web-'));
  fs.cpSync(dist, copy, { recursive: true });
  return copy;
}

export interface PortalProcess {
  url: string;
  /** Where the baseline build is served, when one was given. */
  baselineUrl?: string;
  /** One per size asked for, in order. */
  sessions: Session[];
  settled: { afterMs: number; cpuShare: number };
  child: ChildProcess;
}

/**
 * Starts portal-process.ts (the portal in its own process), seeds one organisation per size and waits for the
 * portal to be at rest (`settle`, by default portal-process.ts's own window).
 */
export async function startPortalProcess(options: {
  webDist: string;
  baselineDist?: string;
  sizes: [number, number][];
  settle?: { windowMs: number; maxWaitMs: number };
}): Promise<PortalProcess> {
  const child = fork(fileURLToPath(new URL('./portal-process.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const answer = await new Promise<Partial<Omit<PortalProcess, 'child'>> & { error?: string }>((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the bench portal exited with ${code}`)));
    child.send(options);
  });
  if (!answer.url || !answer.sessions || !answer.settled) throw new Error(`the bench portal failed: ${answer.error}`);
  return { url: answer.url, baselineUrl: answer.baselineUrl, sessions: answer.sessions, settled: answer.settled, child };
}

/** Closes the portal process (it closes the portal, its database and the simulated hosts first). */
export async function stopPortalProcess(portal: PortalProcess): Promise<void> {
  const exited = new Promise((resolve) => portal.child.once('exit', resolve));
  portal.child.disconnect();
  await exited;
}

/** A new browser profile (nothing cached) with the session's member signed in, these scripts run in every page. */
export async function openTab(browser: Browser, url: string, session: Session, initScripts: string[]) {
  const context = await browser.newContext({ baseURL: url, locale: 'en-US', viewport: { width: 1440, height: 900 } });
  await context.addInitScript(
    `localStorage.setItem('proxai_token', ${JSON.stringify(session.token)});
     localStorage.setItem('proxai_user', ${JSON.stringify(JSON.stringify(session.user))});
     localStorage.setItem('proxai_language', 'en');`,
  );
  for (const script of initScripts) await context.addInitScript(script);
  return { context, page: await context.newPage() };
}
