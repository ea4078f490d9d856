// CPU profile of the portal over a chosen span (not its whole life): the portal is started with `--inspect` on a
// loopback port and the benchmark drives the V8 profiler through the inspector protocol. Needs the global
// WebSocket: run the benchmark with NODE_OPTIONS=--experimental-websocket (Node 20).
import fs from 'node:fs';

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
}

/** Finds the inspector's WebSocket address in the portal's output ("Debugger listening on ws://…"). */
export function inspectorUrl(output: readonly string[]): string {
  for (const line of output) {
    const match = /Debugger listening on (ws:\/\/\S+)/.exec(line);
    if (match) return match[1]!;
  }
  throw new Error('the portal printed no inspector address (start it with NODE_OPTIONS=--inspect=127.0.0.1:0)');
}

/** Starts the profiler; the returned function stops it and writes a .cpuprofile (open it in Chrome's DevTools). */
export async function startCpuProfile(wsUrl: string): Promise<(file: string) => Promise<void>> {
  const Ws = (globalThis as { WebSocket?: typeof WebSocket }).WebSocket;
  if (!Ws) throw new Error('no global WebSocket: run with NODE_OPTIONS=--experimental-websocket');
  const socket = new Ws(wsUrl);
  const pending = new Map<number, Pending>();
  let nextId = 1;
  socket.addEventListener('message', (event) => {
    const msg = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
    const p = msg.id === undefined ? undefined : pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id!);
    if (msg.error) p.reject(new Error(msg.error.message));
    else p.resolve(msg.result);
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve());
    socket.addEventListener('error', () => reject(new Error('inspector connection failed')));
  });
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  await call('Profiler.enable');
  await call('Profiler.setSamplingInterval', { interval: 500 });
  await call('Profiler.start');
  return async (file) => {
    const { profile } = (await call('Profiler.stop')) as { profile: unknown };
    fs.writeFileSync(file, JSON.stringify(profile));
    socket.close();
  };
}
