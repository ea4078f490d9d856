/**
 * What a first visit of /dashboard spends its time on, from a Chromium performance trace (a diagnosis, not a figure:
 * tracing slows the page). For each organisation (4,904 guests and 10), a few first visits, each in a new profile
 * opened 1 s before navigating (as run.ts does), each traced from navigation to 1.5 s after the first guest row;
 * prints, per visit:
 *
 * - every request before the first row (resource timing): when it started and ended, who started it (a modulepreload
 *   `link`, a `script`'s import() or `fetch`), and which modules the file holds (the build's manifest);
 * - the page's main thread: its tasks of 3 ms or more until the first row, with what each spent its time on (script
 *   by file, style, layout, parse, GC), and the gaps in which it waited (the requests then in flight);
 * - React's commits (through the DevTools hook, in one more visit without the trace): when, how many components
 *   rendered, and how many of them inside host cards and the guest list.
 *
 *   npx tsx bench/dashboard-render/trace.ts [--dist apps/web/dist] [--visits 3] [--hosts 10] [--guests-per-host 500] [--out f.json]
 *
 * --out: also writes every median (all figures, every profiled function) to a JSON file, per organisation.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/browser';
import { openTab, privateCopy, startPortalProcess, stopPortalProcess, type Session } from './portal';

const { values } = parseArgs({
  options: {
    dist: { type: 'string' },
    visits: { type: 'string' },
    hosts: { type: 'string' },
    'guests-per-host': { type: 'string' },
    out: { type: 'string' },
  },
});
const DIST = path.resolve(values.dist ?? fileURLToPath(new URL('../../apps/web/dist/', import.meta.url)));
const VISITS = Number(values.visits ?? '3');
const SIZES: [number, number][] = [
  [Number(values.hosts ?? '10'), Number(values['guests-per-host'] ?? '500')],
  [1, 10],
];

/** Marks the first guest row in the page's own timeline (and in the trace, as a user-timing mark). */
const OBSERVER = `
  let seen;
  window.__bench = { firstRow: null, firstRowSeen: new Promise((resolve) => (seen = resolve)) };
  const mo = new MutationObserver(() => {
    if (document.querySelector('[data-testid="guest-row"]')) {
      window.__bench.firstRow = performance.now();
      performance.mark('bench:firstRow');
      mo.disconnect();
      seen(window.__bench.firstRow);
    }
  });
  document.addEventListener('DOMContentLoaded', () => mo.observe(document.body, { childList: true, subtree: true }));
`;

/**
 * React's DevTools hook, which production builds call on every commit: counts the function components that rendered
 * (React's PerformedWork flag, as DevTools' didFiberRender reads it), in all and inside a host card or the guest list.
 * A fiber object that was already current at the previous commit was not visited (its subtree bailed out): its flags
 * are the old ones, so it does not count.
 */
const COMMITS = `
  window.__commits = [];
  const PERFORMED_WORK = 1;
  let lastCurrent = new WeakSet();
  const isComponent = (f) => typeof f.type === 'function' || (f.type && typeof f.type === 'object');
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const at = performance.now();
      const counts = { all: 0, hostCard: 0, guestList: 0, mounted: 0 };
      const current = new WeakSet();
      const walk = (fiber, where) => {
        for (let f = fiber; f; f = f.sibling) {
          current.add(f);
          let inside = where;
          const testId = f.memoizedProps && typeof f.type === 'string' ? f.memoizedProps['data-testid'] : undefined;
          if (testId === 'host-card') inside = 'hostCard';
          if (testId === 'vm-scroll') inside = 'guestList';
          const rendered = !lastCurrent.has(f) && (f.alternate === null || (f.flags & PERFORMED_WORK) === PERFORMED_WORK);
          if (isComponent(f) && rendered) {
            counts.all++;
            if (f.alternate === null) counts.mounted++;
            if (inside) counts[inside]++;
          }
          if (f.child) walk(f.child, inside);
        }
      };
      walk(root.current.child, null);
      lastCurrent = current;
      window.__commits.push({ at, ms: performance.now() - at, ...counts, rows: document.querySelectorAll('[data-testid="guest-row"]').length, tools: document.querySelectorAll('[data-testid="host-permissions-toggle"]').length });
    },
  };
`;

const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.gc',
  'disabled-by-default-v8.cpu_profiler',
];

interface TraceEvent {
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread CPU time: the part of `dur` the thread ran (steadier than `dur` on a loaded machine). */
  tdur?: number;
  ph: string;
  cat: string;
  name: string;
  id?: string;
  args?: {
    data?: {
      url?: string;
      functionName?: string;
      type?: string;
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    fileName?: string;
    name?: string;
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/**
 * The sampling profiler's view of the window (V8's ProfileChunk events on the page's main thread): time per function,
 * inclusive (each sample once per function on its stack) and self. Names are readable on an unminified build
 * (`vite build --minify false`).
 */
function profile(events: TraceEvent[], pid: number, tid: number, from: number, to: number) {
  const nodes = new Map<number, ProfileNode>();
  const inclusive = new Map<string, number>();
  const self = new Map<string, number>();
  // The main thread's profile (a worker has its own); its chunks may be written from another thread.
  const starts = new Map(
    events.filter((e) => e.pid === pid && e.tid === tid && e.name === 'Profile').map((e) => [e.id, e.args!.data!.startTime!]),
  );
  const chunks = events.filter((e) => e.pid === pid && e.name === 'ProfileChunk' && starts.has(e.id));
  const key = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${short(n.callFrame.url).replace(/^\/assets\//, '')}:${n.callFrame.lineNumber + 1}`;
  const clock = new Map<string | undefined, number>();
  for (const chunk of chunks) {
    const data = chunk.args!.data!;
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    let t = clock.get(chunk.id) ?? starts.get(chunk.id) ?? chunk.ts;
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      const delta = deltas[i] ?? 0;
      t += delta;
      const next = deltas[i + 1] ?? 0;
      if (t < from || t > to) continue;
      const leaf = nodes.get(samples[i]!);
      if (!leaf || ['(idle)', '(program)', '(root)'].includes(leaf.callFrame.functionName)) continue;
      const ms = next / 1000;
      self.set(key(leaf), (self.get(key(leaf)) ?? 0) + ms);
      const seen = new Set<string>();
      for (let n: ProfileNode | undefined = leaf; n; n = n.parent ? nodes.get(n.parent) : undefined) {
        const k = key(n);
        if (seen.has(k)) continue;
        seen.add(k);
        inclusive.set(k, (inclusive.get(k) ?? 0) + ms);
      }
    }
    clock.set(chunk.id, t);
  }
  return { inclusive, self };
}

interface Resource {
  name: string;
  initiatorType: string;
  startTime: number;
  responseStart: number;
  responseEnd: number;
  transferSize: number;
}

const short = (url: string | undefined) => (url ? url.replace(/^https?:\/\/[^/]+/, '') : '');

/** Which source modules each built file holds, from Vite's manifest (route-chunks.ts groups several into one). */
function modulesByFile(dist: string): Map<string, string[]> {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; src?: string; name?: string }
  >;
  const out = new Map<string, string[]>();
  for (const [key, entry] of Object.entries(manifest)) {
    const list = out.get(`/${entry.file}`) ?? [];
    list.push((entry.src ?? key).replace(/^src\//, ''));
    out.set(`/${entry.file}`, list);
  }
  return out;
}

/** The main thread's tasks, with each event's self CPU time (its thread time less its children's). */
function mainThreadTasks(events: TraceEvent[], pid: number, tid: number, from: number, to: number) {
  const own = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined && e.ts + e.dur >= from && e.ts <= to)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  type Node = { e: TraceEvent; self: number; children: Node[]; url?: string };
  const roots: Node[] = [];
  const stack: Node[] = [];
  for (const e of own) {
    while (stack.length && stack[stack.length - 1]!.e.ts + stack[stack.length - 1]!.e.dur! <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    const url = e.args?.data?.url ?? e.args?.fileName ?? parent?.url;
    const node: Node = { e, self: e.tdur ?? 0, children: [], url };
    if (parent) {
      parent.children.push(node);
      parent.self -= e.tdur ?? 0;
    } else roots.push(node);
    stack.push(node);
  }
  return roots;
}

/** What a task spent its CPU time on: script per file, otherwise the event's name. */
function breakdown(node: ReturnType<typeof mainThreadTasks>[number], into: Map<string, number>) {
  const scriptish = /^(EvaluateScript|FunctionCall|v8\.|V8\.|RunMicrotasks|TimerFire|EventDispatch|FireAnimationFrame)/;
  const key = scriptish.test(node.e.name) && node.url ? `script ${short(node.url)}` : node.e.name;
  if (node.self > 0) into.set(key, (into.get(key) ?? 0) + node.self / 1000);
  for (const c of node.children) breakdown(c, into);
}

const top = (m: Map<string, number>, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${k} ${v.toFixed(1)}`)
    .join(', ');

async function traceVisit(browser: Browser, url: string, session: Session, files: Map<string, string[]>) {
  const { context, page } = await openTab(browser, url, session, [OBSERVER]);
  await page.waitForTimeout(1000);
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto('/dashboard', { waitUntil: 'commit' });
  const firstRow = await page.evaluate<number>('window.__bench.firstRowSeen');
  await page.waitForTimeout(1500);
  const resources = await page.evaluate<Resource[]>(
    `performance.getEntriesByType('resource').map((r) => ({ name: r.name, initiatorType: r.initiatorType, startTime: r.startTime, responseStart: r.responseStart, responseEnd: r.responseEnd, transferSize: r.transferSize }))`,
  );
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  await context.close();

  const events = trace.traceEvents;
  const mark = events.find((e) => e.name === 'bench:firstRow');
  if (!mark) throw new Error('no bench:firstRow mark in the trace');
  const zero = mark.ts - firstRow * 1000;
  const at = (ts: number) => (ts - zero) / 1000;
  console.log(`  first row at ${firstRow.toFixed(0)} ms`);

  console.log('  requests started before the first row (ms: start, first byte, end; initiator; KB; modules):');
  for (const r of resources.filter((x) => x.startTime < firstRow).sort((a, b) => a.startTime - b.startTime)) {
    const file = short(r.name);
    const mods = files.get(file.split('?')[0]!)?.join(' ') ?? '';
    console.log(
      `    ${r.startTime.toFixed(0).padStart(5)} ${r.responseStart.toFixed(0).padStart(5)} ${r.responseEnd.toFixed(0).padStart(5)}  ${r.initiatorType.padEnd(6)} ${(r.transferSize / 1024).toFixed(1).padStart(6)}  ${file}${mods ? `  [${mods}]` : ''}`,
    );
  }
  const late = resources.filter((x) => x.startTime >= firstRow && x.startTime < firstRow + 1500);
  console.log(
    `  requests in the 1.5 s after it: ${late.map((r) => `${(r.startTime - firstRow).toFixed(0)} ${short(r.name)}${files.get(short(r.name)) ? ` [${files.get(short(r.name))!.join(' ')}]` : ''}`).join('; ')}`,
  );

  const roots = mainThreadTasks(events, mark.pid, mark.tid, zero, mark.ts);
  let busy = 0;
  let cpuBusy = 0;
  const total = new Map<string, number>();
  console.log('  main-thread tasks of 3 ms or more before the first row (start ms, duration ms: where its CPU time went, ms):');
  let lastEnd = zero;
  const gaps: string[] = [];
  for (const task of roots) {
    const start = Math.max(task.e.ts, zero);
    const end = Math.min(task.e.ts + task.e.dur!, mark.ts);
    if (end <= start) continue;
    if (start - lastEnd >= 5000) {
      const inFlight = resources
        .filter((r) => r.startTime < at(start) && r.responseEnd > at(lastEnd))
        .map((r) => short(r.name).replace(/^\/assets\//, ''));
      gaps.push(`${at(lastEnd).toFixed(0)}-${at(start).toFixed(0)} (${inFlight.join(', ') || 'nothing in flight'})`);
    }
    lastEnd = Math.max(lastEnd, end);
    busy += (end - start) / 1000;
    cpuBusy += ((task.e.tdur ?? 0) * (end - start)) / task.e.dur! / 1000;
    const parts = new Map<string, number>();
    breakdown(task, parts);
    for (const [k, v] of parts) total.set(k, (total.get(k) ?? 0) + v);
    if (task.e.dur! >= 3000) {
      console.log(`    ${at(task.e.ts).toFixed(0).padStart(5)} ${(task.e.dur! / 1000).toFixed(1).padStart(6)}: ${top(parts, 4)}`);
    }
  }
  console.log(
    `  main thread busy ${busy.toFixed(0)} of ${firstRow.toFixed(0)} ms before the first row (CPU ${cpuBusy.toFixed(0)} ms); in all: ${top(total, 12)}`,
  );
  console.log(`  waits of 5 ms or more (ms, requests in flight): ${gaps.join('; ')}`);
  const cpu = profile(events, mark.pid, mark.tid, zero, mark.ts);
  console.log(`  profile until the first row, inclusive ms: ${top(cpu.inclusive, 45)}`);
  console.log(`  profile until the first row, self ms: ${top(cpu.self, 25)}`);
  const figures = new Map<string, number>([
    ['first row', firstRow],
    ['main thread busy', busy],
    ['main thread CPU', cpuBusy],
  ]);
  for (const [k, v] of total) figures.set(k, v);
  for (const [k, v] of cpu.inclusive) figures.set(`cpu ${k}`, v);
  return figures;
}

/** Per figure, the median over the visits (a visit without it counts 0). */
function medians(visits: Map<string, number>[]): Map<string, number> {
  const keys = new Set(visits.flatMap((v) => [...v.keys()]));
  const out = new Map<string, number>();
  for (const k of keys) {
    const xs = visits.map((v) => v.get(k) ?? 0).sort((a, b) => a - b);
    out.set(k, xs[Math.floor(xs.length / 2)]!);
  }
  return out;
}

async function countCommits(browser: Browser, url: string, session: Session) {
  const { context, page } = await openTab(browser, url, session, [OBSERVER, COMMITS]);
  await page.waitForTimeout(1000);
  await page.goto('/dashboard', { waitUntil: 'commit' });
  const firstRow = await page.evaluate<number>('window.__bench.firstRowSeen');
  await page.waitForTimeout(3000);
  const commits =
    await page.evaluate<
      { at: number; ms: number; all: number; mounted: number; hostCard: number; guestList: number; rows: number; tools: number }[]
    >('window.__commits');
  await context.close();
  console.log(`  React commits (first row at ${firstRow.toFixed(0)} ms, with the hook's own walk):`);
  for (const c of commits) {
    console.log(
      `    ${c.at.toFixed(0).padStart(5)} ms: ${c.all} components rendered (${c.mounted} mounted), ${c.hostCard} in host cards, ${c.guestList} in the guest list; ${c.rows} rows, ${c.tools} cards with their tools`,
    );
  }
}

async function main(): Promise<void> {
  const webDist = privateCopy(DIST);
  const files = modulesByFile(webDist);
  const portal = await startPortalProcess({ webDist, sizes: SIZES });
  const browser = await launchBrowser();
  const out: Record<number, Record<string, number>> = {};
  try {
    for (const session of portal.sessions) {
      console.log(`\n=== ${session.guests} guests (${DIST}) ===`);
      // A warm-up visit: Chromium's first start.
      await countCommits(browser, portal.url, session);
      const visits = [];
      for (let i = 0; i < VISITS; i++) {
        console.log(`-- first visit ${i + 1}`);
        visits.push(await traceVisit(browser, portal.url, session, files));
      }
      const m = medians(visits);
      const pick = (prefix: boolean) => new Map([...m].filter(([k]) => k.startsWith('cpu ') === prefix));
      console.log(`== ${session.guests} guests, medians of ${VISITS} visits (ms): ${top(pick(false), 16)}`);
      console.log(`== ${session.guests} guests, profile medians (inclusive ms): ${top(pick(true), 60)}`);
      out[session.guests] = Object.fromEntries(m);
    }
    if (values.out) fs.writeFileSync(values.out, JSON.stringify(out, null, 1));
  } finally {
    await browser.close();
    await stopPortalProcess(portal);
    fs.rmSync(webDist, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
