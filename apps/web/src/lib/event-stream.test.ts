import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventStream, type StreamEvent } from './event-stream';

/** A stand-in for the browser's EventSource (jsdom has none): the test opens, feeds and breaks it. */
class FakeSource {
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: unknown = null;
  closed = false;
  private readonly handlers = new Map<string, (e: MessageEvent<string>) => void>();
  constructor(readonly url: string) {}
  addEventListener(type: string, handler: (e: MessageEvent<string>) => void) {
    this.handlers.set(type, handler);
  }
  emit(event: StreamEvent) {
    this.handlers.get(event.type)?.({ data: JSON.stringify(event) } as MessageEvent<string>);
  }
  close() {
    this.closed = true;
  }
}

function setup() {
  const sources: FakeSource[] = [];
  let n = 0;
  const stream = new EventStream(
    (url) => {
      const s = new FakeSource(url);
      sources.push(s);
      return s as unknown as EventSource;
    },
    async () => `ticket-${++n}`,
  );
  return { stream, sources };
}

const event = (id: string, type = 'task.ended'): StreamEvent => ({ id, type, at: '2026-11-24T12:00:00Z', data: {} });

describe('EventStream', () => {
  afterEach(() => vi.useRealTimers());

  it('opens one stream with a ticket, tells listeners when it is up, and hands every event to each', async () => {
    const { stream, sources } = setup();
    const a: string[] = [];
    const b: string[] = [];
    const states: boolean[] = [];
    stream.subscribe(
      (e) => a.push(e.id),
      (up) => states.push(up),
    );
    stream.subscribe((e) => b.push(e.id));
    await vi.waitFor(() => expect(sources).toHaveLength(1));
    expect(sources[0]!.url).toBe('/api/events?ticket=ticket-1');
    sources[0]!.onopen?.();
    sources[0]!.emit(event('7'));
    sources[0]!.emit(event('8', 'guest.state_changed'));
    expect(a).toEqual(['7', '8']);
    expect(b).toEqual(['7', '8']);
    expect(states).toEqual([false, true]);
  });

  it('after an error, reconnects with a new ticket and resumes after the last event', async () => {
    vi.useFakeTimers();
    const { stream, sources } = setup();
    const states: boolean[] = [];
    stream.subscribe(
      () => undefined,
      (up) => states.push(up),
    );
    await vi.waitFor(() => expect(sources).toHaveLength(1));
    sources[0]!.onopen?.();
    sources[0]!.emit(event('41'));
    sources[0]!.onerror?.();
    expect(sources[0]!.closed).toBe(true);
    expect(states.at(-1)).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sources).toHaveLength(2);
    expect(sources[1]!.url).toBe('/api/events?ticket=ticket-2&last_event_id=41');
  });

  it('gives up after repeated failures (the callers keep polling) and closes when the last listener leaves', async () => {
    vi.useFakeTimers();
    const { stream, sources } = setup();
    const leave = stream.subscribe(() => undefined);
    for (let i = 0; i < 10; i++) {
      await vi.waitFor(() => expect(sources.length).toBeGreaterThan(i));
      sources[i]!.onerror?.();
      if (i === 4) break;
      await vi.advanceTimersByTimeAsync(30_000);
    }
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sources).toHaveLength(5);
    leave();
    expect(stream.connected).toBe(false);
  });
});
