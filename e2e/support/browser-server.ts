import { launchBrowserServer } from './browser';

// The run's Chromium behind a Playwright server, in a process of its own (global setup starts it, and the files'
// traffic to the browser does not wait on Vitest's own process). Prints the endpoint; closes the browser once its
// standard input ends: global setup's teardown ends it, and so does global setup's death.
const server = await launchBrowserServer();
process.stdout.write(`${server.wsEndpoint()}\n`);
process.stdin.resume();
process.stdin.on('end', () => void server.close().finally(() => process.exit()));
