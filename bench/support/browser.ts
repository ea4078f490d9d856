// The browser benchmarks' Chromium: the system one the browser tests use (e2e/support/browser.ts finds it, or says
// how to install it), launched for this process alone with the same flags: headless, no sandbox (root), no GPU, and
// no background networking (the machine reaches no network beyond loopback).
import { chromium, type Browser } from 'playwright-core';
import { chromiumPath } from '../../e2e/support/browser';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
