/**
 * backups-render benchmark: Chromium opens /backups (the inventory tab, shown first) for an organisation with
 * 10 simulated hosts x 500 guests x 30 backups each and, in the same run, for one with 1 host x 10 guests x 30
 * backups (the baseline). Prints the median time from navigation start to the first backup row (target <= 500 ms
 * for the fleet), to that row showing its guest's name, and to idle (no long task for 1 s after the first row),
 * the rows in the DOM, when the page had the answers of GET /api/backups and GET /api/vms, and the server's own
 * time for those reads.
 *
 *   npx tsx bench/backups-render/run.ts [--runs 5] [--hosts 10] [--guests-per-host 500] [--backups-per-guest 30] [--smoke]
 *
 * --smoke: 2 hosts x 10 guests x 6 backups against 1 x 3 x 6, one run, no warm-up, no settling pauses (the path,
 * not the figures).
 *
 * Needs the web build (npm run build -w apps/web): the portal serves a private copy of apps/web/dist. The portal
 * runs in a process of its own (portal-process.ts), apart from Playwright's driver, as a server is apart from its
 * users' browsers. Modelled on bench/dashboard-render/run.ts (same observer, settling time and visits).
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/browser';
import { announceSmoke, SMOKE, sized, verdict } from '../support/smoke';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    hosts: { type: 'string' },
    'guests-per-host': { type: 'string' },
    'backups-per-guest': { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs ?? sized('5', '1'));
const HOSTS = Number(values.hosts ?? sized('10', '2'));
const GUESTS_PER_HOST = Number(values['guests-per-host'] ?? sized('500', '10'));
const BACKUPS_PER_GUEST = Number(values['backups-per-guest'] ?? sized('30', '6'));
/** The baseline organisation: 1 host × 10 guests (1 × 3 in a smoke run). */
const BASELINE: [number, number] = [1, sized(10, 3)];
/** The server's reads timed with the browser idle: the median of this many. */
const SERVER_READS = sized(15, 2);
const TARGET_MS = 500;

/** The inventory's rows (backup-table.tsx: `<tr data-testid="backup-row">` in `<table data-testid="backup-table">`). */
const ROW = '[data-testid="backup-table"] [data-testid="backup-row"]';

/**
 * Runs in the page before any script: records when the first backup row appears (and resolves
 * `__bench.firstRowSeen` then), when that row names its guest (the row shows the vmid until GET /api/vms has
 * answered: the inventory's rows carry guest ids, the names come from the guest list), and every long task.
 */
const OBSERVER = `
  let seen;
  window.__bench = { firstRow: null, named: null, longTasks: [], firstRowSeen: new Promise((resolve) => (seen = resolve)) };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.longTasks.push([e.startTime, e.startTime + e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const named = () => {
    const a = document.querySelector(${JSON.stringify(`${ROW} td:nth-child(2) a`)});
    return a && !/^\\d+$/.test(a.textContent.trim());
  };
  const mo = new MutationObserver(() => {
    if (window.__bench.firstRow === null && document.querySelector(${JSON.stringify(ROW)})) {
      window.__bench.firstRow = performance.now();
      seen(window.__bench.firstRow);
    }
    if (window.__bench.firstRow !== null && named()) {
      window.__bench.named = performance.now();
      mo.disconnect();
    }
  });
  document.addEventListener('DOMContentLoaded', () =>
    mo.observe(document.body, { childList: true, subtree: true, characterData: true }),
  );
`;

/**
 * When the page's reads were asked for and answered (Resource Timing, ms from navigation start), read once the
 * page is idle: the first page of the inventory, and the guests and hosts its columns name.
 */
const READS = `(() => {
  const out = {};
  for (const e of performance.getEntriesByType('resource')) {
    const p = new URL(e.name).pathname + new URL(e.name).search;
    const key = p.startsWith('/api/backups?') && !p.includes('cursor=') ? 'backups' : p === '/api/vms' ? 'vms' : p === '/api/hosts' ? 'hosts' : null;
    if (key && !out[key]) out[key] = { start: e.startTime, end: e.responseEnd, bytes: e.encodedBodySize };
  }
  // The scripts the first row waited for: those asked for before it.
  const scripts = performance
    .getEntriesByType('resource')
    .filter((e) => new URL(e.name).pathname.endsWith('.js') && e.startTime < window.__bench.firstRow);
  out.scriptsEnd = Math.max(0, ...scripts.map((e) => e.responseEnd));
  return out;
})()`;

interface Read {
  start: number;
  end: number;
  bytes: number;
}

interface Sample {
  firstRow: number;
  /** When the first row showed its guest's name. */
  named: number;
  idle: number;
  rows: number;
  /** When the answer of GET /api/backups (first page) had arrived, ms from navigation start. */
  backups: Read | null;
  vms: Read | null;
  /** When the last script asked for before the first row had arrived. */
  scriptsEnd: number;
}

/**
 * Loads /backups in `page` and waits for the first row, then for idle (1 s without a long task).
 *
 * The wait for the first row is the page's own promise, awaited through one evaluation started at commit:
 * Playwright's `waitForSelector` would inject its selector engine into the page while the app is still booting.
 */
async function load(page: Page): Promise<Sample> {
  await page.goto('/backups', { waitUntil: 'commit' });
  await page.evaluate(
    `Promise.race([window.__bench.firstRowSeen, new Promise((_, reject) => setTimeout(() => reject(new Error('no backup row after 30 s')), 30000))])`,
  );
  await page.waitForLoadState('networkidle');
  let idle = 0;
  for (let i = 0; i < 40; i++) {
    const b = await page.evaluate<{ firstRow: number; longTasks: [number, number][] }>('window.__bench');
    const lastEnd = Math.max(b.firstRow, ...b.longTasks.map(([, end]) => end));
    const now = await page.evaluate<number>('performance.now()');
    if (now - lastEnd >= QUIET_MS) {
      idle = lastEnd;
      break;
    }
    await page.waitForTimeout(250);
  }
  const b = await page.evaluate<{ firstRow: number; named: number | null }>('window.__bench');
  const rows = await page.locator(ROW).count();
  const reads = await page.evaluate<{
    backups?: Read;
    vms?: Read;
    scriptsEnd: number;
  }>(READS);
  return {
    firstRow: b.firstRow,
    named: b.named ?? NaN,
    idle,
    rows,
    backups: reads.backups ?? null,
    vms: reads.vms ?? null,
    scriptsEnd: reads.scriptsEnd,
  };
}

type Session = { token: string; user: Record<string, unknown>; guests: number; backups: number };

/** A new browser profile (nothing cached) with the bench user signed in and a tab open on about:blank. */
async function openTab(browser: Browser, url: string, session: Session) {
  const context = await browser.newContext({ baseURL: url, locale: 'en-US', viewport: { width: 1440, height: 900 } });
  await context.addInitScript(
    `localStorage.setItem('proxai_token', ${JSON.stringify(session.token)});
     localStorage.setItem('proxai_user', ${JSON.stringify(JSON.stringify(session.user))});
     localStorage.setItem('proxai_language', 'en');`,
  );
  await context.addInitScript(OBSERVER);
  return { context, page: await context.newPage() };
}

/**
 * How long a new tab (or a return visit's about:blank) is left before the address is "typed": Chromium is still
 * starting the renderer the first navigation lands in for about 300 ms after a tab opens (see
 * bench/dashboard-render/README.md); a user's browser has it ready long before. A smoke run times nothing and does
 * not wait.
 */
const SETTLE_MS = sized(1000, 0);

/** A page is idle once this long has passed without a long task after its first row (a smoke run looks briefly). */
const QUIET_MS = sized(1000, 250);

/**
 * A first visit (new browser profile: nothing cached) and, in the same profile, a return visit (the third load:
 * scripts from the HTTP cache with Chromium's compiled-code cache; the API data is fetched again).
 */
async function measure(browser: Browser, url: string, session: Session): Promise<{ cold: Sample; warm: Sample }> {
  const tab = await openTab(browser, url, session);
  await tab.page.waitForTimeout(SETTLE_MS);
  const cold = await load(tab.page);
  // Chromium keeps compiled code for a script once it has run twice: the second return visit is measured (a smoke
  // run, which times nothing, skips the first).
  if (!SMOKE) {
    await tab.page.goto('about:blank');
    await tab.page.waitForTimeout(SETTLE_MS);
    await load(tab.page);
  }
  await tab.page.goto('about:blank');
  await tab.page.waitForTimeout(SETTLE_MS);
  const warm = await load(tab.page);
  await tab.context.close();
  return { cold, warm };
}

/** The server's time for a read, from this process with the browser idle: median of `n` after 3 warm-ups. */
async function serverMs(
  url: string,
  session: Session,
  apiPath: string,
  n = SERVER_READS,
): Promise<{ ms: number; bytes: number }> {
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(`${url}/api${apiPath}`, {
      headers: { authorization: `Bearer ${session.token}`, accept: 'application/json', 'accept-language': 'en' },
    });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET ${apiPath}: ${res.status}`);
    return { ms: performance.now() - t0, bytes: body.byteLength };
  };
  for (let i = 0; i < 3; i++) await once();
  const runs = [];
  for (let i = 0; i < n; i++) runs.push(await once());
  return { ms: median(runs.map((r) => r.ms)), bytes: runs[0]!.bytes };
}

/** Starts portal-process.ts (the portal in its own process) and seeds one organisation per size. */
async function startPortalProcess(
  webDist: string,
  sizes: [number, number][],
  backupsPerGuest: number,
): Promise<{ url: string; sessions: Session[]; seedMs: number; child: ChildProcess }> {
  const child = fork(fileURLToPath(new URL('./portal-process.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const answer = await new Promise<{ url?: string; sessions?: Session[]; seedMs?: number; error?: string }>((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the bench portal exited with ${code}`)));
    child.send({ webDist, sizes, backupsPerGuest });
  });
  if (!answer.url || !answer.sessions) throw new Error(`the bench portal failed: ${answer.error}`);
  return { url: answer.url, sessions: answer.sessions, seedMs: answer.seedMs ?? NaN, child };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number) => n.toFixed(0);

async function main(): Promise<void> {
  announceSmoke('backups-render');
  if (!fs.existsSync(new URL('../../apps/web/dist/index.html', import.meta.url)))
    throw new Error('Build the web app first: npm run build -w apps/web');
  const started = performance.now();
  // A private copy of the web build: other builds of the shared tree must not swap the assets mid-run.
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-bench-web-'));
  fs.cpSync(fileURLToPath(new URL('../../apps/web/dist/', import.meta.url)), webDist, { recursive: true });
  const portal = await startPortalProcess(webDist, [[HOSTS, GUESTS_PER_HOST], BASELINE], BACKUPS_PER_GUEST);
  const [big, small] = portal.sessions as [Session, Session];
  console.log(
    `seeded: ${big.guests} guests / ${big.backups} backups and ${small.guests} guests / ${small.backups} backups ` +
      `(backups written in ${(portal.seedMs / 1000).toFixed(1)} s; ready after ${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  const browser = await launchBrowser();
  try {
    // One warm-up each (Chromium's first start, V8 caches), then the measured runs, interleaved.
    if (!SMOKE) {
      await measure(browser, portal.url, big);
      await measure(browser, portal.url, small);
    }
    const bigRuns: Awaited<ReturnType<typeof measure>>[] = [];
    const smallRuns: Awaited<ReturnType<typeof measure>>[] = [];
    for (let i = 0; i < RUNS; i++) {
      bigRuns.push(await measure(browser, portal.url, big));
      smallRuns.push(await measure(browser, portal.url, small));
    }
    // The server's own time for the page's reads, with the browser idle (loopback, this process's fetch).
    const server = {
      big: {
        backups: await serverMs(portal.url, big, '/backups?limit=100'),
        vms: await serverMs(portal.url, big, '/vms'),
      },
      small: {
        backups: await serverMs(portal.url, small, '/backups?limit=100'),
        vms: await serverMs(portal.url, small, '/vms'),
      },
    };

    const row = (label: string, runs: Sample[]) => {
      const firstRows = runs.map((r) => r.firstRow);
      const range = `${fmt(Math.min(...firstRows))}-${fmt(Math.max(...firstRows))}`;
      const withBackups = runs.filter((r) => r.backups);
      const vms = runs.filter((r) => r.vms).map((r) => r.vms!.end);
      const cells = [
        label.padEnd(30),
        fmt(median(firstRows)).padStart(9),
        range.padStart(10),
        fmt(median(runs.map((r) => r.named))).padStart(7),
        fmt(median(runs.map((r) => r.idle))).padStart(7),
        String(runs[0]!.rows).padStart(5),
        (withBackups.length
          ? `${fmt(median(withBackups.map((r) => r.backups!.start)))}-${fmt(median(withBackups.map((r) => r.backups!.end)))}`
          : '-'
        ).padStart(13),
        (vms.length ? fmt(median(vms)) : '-').padStart(9),
        fmt(median(runs.map((r) => r.scriptsEnd))).padStart(8),
      ];
      console.log(cells.join(''));
    };
    console.log(`\nbackups-render: ${RUNS} runs, median (and range of the first row); Chromium headless, 1440x900`);
    console.log(
      `${'backups (guests), visit'.padEnd(30)}${'first row'.padStart(9)}${'(range)'.padStart(10)}${'named'.padStart(7)}` +
        `${'idle'.padStart(7)}${'rows'.padStart(5)}${'/api/backups'.padStart(13)}${'/api/vms'.padStart(9)}${'scripts'.padStart(8)}`,
    );
    const bigLabel = `${big.backups} (${big.guests})`;
    const smallLabel = `${small.backups} (${small.guests})`;
    row(
      `${bigLabel}, first visit`,
      bigRuns.map((r) => r.cold),
    );
    row(
      `${bigLabel}, return visit`,
      bigRuns.map((r) => r.warm),
    );
    row(
      `${smallLabel} baseline, first`,
      smallRuns.map((r) => r.cold),
    );
    row(
      `${smallLabel} baseline, return`,
      smallRuns.map((r) => r.warm),
    );
    console.log(
      "ms from navigation start. named: the first row shows its guest's name; /api/backups: the first page (100) asked-answered;\n" +
        '/api/vms: answered (the guest names); scripts: the last script asked for before the first row arrived',
    );
    for (const visit of ['cold', 'warm'] as const) {
      const b = median(bigRuns.map((r) => r[visit].firstRow));
      const s0 = median(smallRuns.map((r) => r[visit].firstRow));
      console.log(
        `${visit === 'cold' ? 'first visit ' : 'return visit'}: ratio fleet / baseline ${(b / s0).toFixed(2)}; target <= ${TARGET_MS} ms for ${big.backups} backups: ${verdict(b <= TARGET_MS, 'OK', 'ABOVE TARGET')}`,
      );
    }
    const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
    console.log(
      `server, browser idle (median of ${SERVER_READS}): GET /api/backups?limit=100 ${server.big.backups.ms.toFixed(1)} ms (${kb(server.big.backups.bytes)}) ` +
        `vs ${server.small.backups.ms.toFixed(1)} ms baseline; GET /api/vms ${server.big.vms.ms.toFixed(1)} ms (${kb(server.big.vms.bytes)}) ` +
        `vs ${server.small.vms.ms.toFixed(1)} ms`,
    );
    // The inventory's refresh must not have replaced the seeded rows during the run (portal-process.ts).
    for (const session of [big, small]) {
      const res = await fetch(`${portal.url}/api/backups?limit=1`, { headers: { authorization: `Bearer ${session.token}` } });
      const page = (await res.json()) as { readable_storages: { backup_count: number }[] };
      const listed = page.readable_storages.reduce((sum, s) => sum + s.backup_count, 0);
      if (listed !== session.backups)
        throw new Error(`the inventory changed during the run: ${listed} backups listed, ${session.backups} seeded`);
    }
    console.log(`inventory unchanged at the end of the run; total ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await browser.close();
    const exited = new Promise((resolve) => portal.child.once('exit', resolve));
    portal.child.disconnect();
    await exited;
    fs.rmSync(webDist, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
