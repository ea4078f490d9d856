#!/usr/bin/env node
// Captures the landing page's media from OUR dashboard: starts the built portal in demo mode (PROXAI_DEMO=1,
// simulated PVE nodes), signs in as the demo user with the e-mailed code (dev outbox), then saves
//   apps/web/public/media/dashboard.webp      a 1440x900 screenshot of /dashboard (encoded to WebP by Chromium)
//   apps/web/public/media/dashboard-demo.webm a short recording of the dashboard in use (VP8 WebM)
// Run `npm run build` first. Uses Debian's Chromium (or CHROME_PATH).
// Callbacks passed to page.evaluate run in Chromium, where these exist.
/* global window, document, Image, MediaRecorder */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mediaDir = path.join(root, 'apps/web/public/media');
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function chromePath() {
  const found = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']
    .filter(Boolean)
    .find((p) => fs.existsSync(p));
  if (!found) throw new Error('No Chromium found: install Debian chromium or set CHROME_PATH');
  return found;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function json(url, init) {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init?.headers } });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function startDemoPortal() {
  const entry = path.join(root, 'apps/server/dist/server.js');
  if (!fs.existsSync(entry)) throw new Error('The portal is not built: run `npm run build` first.');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-media-'));
  const webDist = path.join(dataDir, 'web');
  fs.cpSync(path.join(root, 'apps/web/dist'), webDist, { recursive: true });
  const output = [];
  // NODE_ENV=test keeps the dev outbox (GET /api/dev/outbox) so the sign-in code can be read without SMTP.
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      PROXAI_DEMO: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c) => output.push(String(c)));
  child.stderr.on('data', (c) => output.push(String(c)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited with ${child.exitCode}:\n${output.join('')}`);
    const demo = await fetch(`${url}/api/demo`).catch(() => undefined);
    if (demo?.ok) break;
    if (Date.now() > deadline) throw new Error(`demo did not start:\n${output.join('')}`);
    await sleep(300);
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(10_000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in as the demo user through the real e-mail-code flow; returns what the web app stores. */
async function signInDemo(url) {
  const { email } = await json(`${url}/api/demo`);
  await json(`${url}/api/auth/magic-link`, { method: 'POST', body: JSON.stringify({ email, language: 'fr' }) });
  const mails = await json(`${url}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error('no sign-in code in the dev outbox');
  const { access_token: token, user } = await json(`${url}/api/auth/verify-otp`, {
    method: 'POST',
    body: JSON.stringify({ email, otp_code: code }),
  });
  return { token, user };
}

async function signedInContext(browser, url, session, options) {
  const context = await browser.newContext({ baseURL: url, locale: 'fr-FR', ...options });
  await context.addInitScript(
    ([token, user]) => {
      localStorage.setItem('proxai_token', token);
      localStorage.setItem('proxai_user', user);
      localStorage.setItem('proxai_language', 'fr');
      localStorage.setItem('proxai_theme', 'light');
    },
    [session.token, JSON.stringify(session.user)],
  );
  return context;
}

async function openDashboard(page) {
  await page.goto('/dashboard');
  await page.getByTestId('guest-row').first().waitFor({ timeout: 60_000 });
  await sleep(1500);
}

const portal = await startDemoPortal();
const browser = await chromium.launch({ executablePath: chromePath(), args: FLAGS });
fs.mkdirSync(mediaDir, { recursive: true });
try {
  const session = await signInDemo(portal.url);

  // Screenshot, then WebP encoding by Chromium itself (no image library needed).
  const shotContext = await signedInContext(browser, portal.url, session, { viewport: { width: 1440, height: 900 } });
  const page = await shotContext.newPage();
  await openDashboard(page);
  // The landing section shows the guest list: hosts at the top of the frame, the VM list below.
  await page.evaluate(() => {
    const hostCard = document.querySelector('[data-testid="host-card"]');
    if (hostCard) window.scrollTo(0, hostCard.getBoundingClientRect().top + window.scrollY - 90);
  });
  await sleep(800);
  const png = await page.screenshot({ type: 'png' });
  const webp = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    canvas.getContext('2d').drawImage(img, 0, 0);
    return canvas.toDataURL('image/webp', 0.82).split(',')[1];
  }, png.toString('base64'));
  fs.writeFileSync(path.join(mediaDir, 'dashboard.webp'), Buffer.from(webp, 'base64'));
  await shotContext.close();

  // Demo video: the dashboard in use (search, a guest action, scrolling). Playwright's recordVideo needs a
  // separate ffmpeg download; instead the page's CDP screencast frames are painted on a canvas in a second
  // page and encoded to VP8 WebM by Chromium's own MediaRecorder, at a bitrate that keeps the file small.
  const size = { width: 1280, height: 720 };
  const videoContext = await signedInContext(browser, portal.url, session, { viewport: size });
  const recorder = await videoContext.newPage();
  await recorder.goto('/robots.txt');
  await recorder.evaluate(({ width, height }) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    const chunks = [];
    const rec = new MediaRecorder(canvas.captureStream(12), { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 1_500_000 });
    rec.ondataavailable = (e) => chunks.push(e.data);
    rec.start(1000);
    window.pushFrame = async (b64) => {
      const img = new Image();
      img.src = `data:image/jpeg;base64,${b64}`;
      await img.decode();
      ctx.drawImage(img, 0, 0, width, height);
    };
    window.finish = () =>
      new Promise((resolve) => {
        rec.onstop = async () => {
          const buf = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
          let bin = '';
          for (let i = 0; i < buf.length; i += 0x8000) bin += String.fromCharCode(...buf.subarray(i, i + 0x8000));
          resolve(btoa(bin));
        };
        rec.stop();
      });
  }, size);
  const vpage = await videoContext.newPage();
  const cdp = await videoContext.newCDPSession(vpage);
  cdp.on('Page.screencastFrame', ({ data, sessionId }) => {
    void cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => {});
    void recorder.evaluate((b64) => window.pushFrame(b64), data).catch(() => {});
  });
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 80, maxWidth: size.width, maxHeight: size.height });
  await openDashboard(vpage);
  await sleep(2500);
  await vpage.mouse.wheel(0, 450);
  await sleep(1500);
  await vpage.mouse.wheel(0, 400);
  await sleep(1500);
  const search = vpage.getByTestId('vm-search');
  if (await search.count()) {
    await search.pressSequentially('web', { delay: 200 });
    await sleep(1800);
    await search.fill('');
    await sleep(800);
  }
  const start = vpage.locator('[data-testid="vm-start"]:enabled').first();
  if (await start.count()) {
    await start.scrollIntoViewIfNeeded();
    await sleep(600);
    await start.click();
    await sleep(3500);
  }
  await vpage.mouse.wheel(0, 600);
  await sleep(1500);
  await vpage.mouse.wheel(0, -1200);
  await sleep(1500);
  await cdp.send('Page.stopScreencast');
  await sleep(300);
  const webm = await recorder.evaluate(() => window.finish());
  fs.writeFileSync(path.join(mediaDir, 'dashboard-demo.webm'), Buffer.from(webm, 'base64'));
  await videoContext.close();

  for (const f of ['dashboard.webp', 'dashboard-demo.webm']) {
    console.log(`${f}: ${(fs.statSync(path.join(mediaDir, f)).size / 1024).toFixed(0)} KB`);
  }
} finally {
  await browser.close();
  await portal.stop();
}
