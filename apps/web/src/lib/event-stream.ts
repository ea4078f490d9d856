import { apiCall } from './api-client';

/** An event of the organisation's stream (GET /api/events): `type` is the domain event's, e.g. 'task.ended'. */
export interface StreamEvent {
  id: string;
  type: string;
  at: string;
  data: Record<string, unknown>;
}

type Listener = (event: StreamEvent) => void;
type StateListener = (connected: boolean) => void;

/** Reconnect delays after a failure; past the last one the stream stays closed and callers keep polling. */
const RETRY_MS = [1000, 3000, 10_000, 30_000];

/**
 * One event stream per tab, shared by every screen that listens (the dashboard, the task panel). The browser's
 * EventSource sends no headers, so each connection asks for a single-use ticket first; a reconnection asks for a
 * new one and resumes after the last event received (`last_event_id`). `connected` tells listeners whether
 * they may stop polling.
 */
export class EventStream {
  private source: EventSource | undefined;
  private readonly listeners = new Set<Listener>();
  private readonly stateListeners = new Set<StateListener>();
  private lastId: string | undefined;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private opening = false;
  connected = false;

  constructor(
    private readonly open: (url: string) => EventSource = (url) => new EventSource(url),
    private readonly ticket: () => Promise<string> = async () =>
      (await apiCall('POST', '/events/ticket', { skipUnauthorizedHandler: true })).ticket,
  ) {}

  subscribe(listener: Listener, onState?: StateListener): () => void {
    this.listeners.add(listener);
    if (onState) {
      this.stateListeners.add(onState);
      onState(this.connected);
    }
    if (!this.source && !this.opening && this.timer === undefined) void this.connect();
    return () => {
      this.listeners.delete(listener);
      if (onState) this.stateListeners.delete(onState);
      if (this.listeners.size === 0) this.close();
    };
  }

  private setConnected(value: boolean) {
    if (this.connected === value) return;
    this.connected = value;
    for (const l of this.stateListeners) l(value);
  }

  private async connect(): Promise<void> {
    this.opening = true;
    try {
      const ticket = await this.ticket();
      if (this.listeners.size === 0) return;
      const resume = this.lastId ? `&last_event_id=${encodeURIComponent(this.lastId)}` : '';
      const source = this.open(`/api/events?ticket=${encodeURIComponent(ticket)}${resume}`);
      this.source = source;
      source.onopen = () => {
        this.failures = 0;
        this.setConnected(true);
      };
      source.onmessage = null;
      const deliver = (e: MessageEvent<string>) => {
        try {
          const event = JSON.parse(e.data) as StreamEvent;
          this.lastId = event.id;
          for (const l of this.listeners) l(event);
        } catch {
          // not one of ours
        }
      };
      for (const type of EVENT_TYPES) source.addEventListener(type, deliver as EventListener);
      // A used ticket cannot reconnect by itself: close, and reconnect with a new one.
      source.onerror = () => this.retry();
    } catch {
      this.retry();
    } finally {
      this.opening = false;
    }
  }

  private retry() {
    this.source?.close();
    this.source = undefined;
    this.setConnected(false);
    const delay = RETRY_MS[this.failures++];
    if (delay === undefined || this.listeners.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect();
    }, delay);
  }

  close() {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.source?.close();
    this.source = undefined;
    this.failures = 0;
    this.setConnected(false);
  }
}

/** The domain event types the web listens to (packages/contract/src/events.ts, not imported: it carries zod). */
export const EVENT_TYPES = [
  'host.added',
  'host.removed',
  'host.online',
  'host.offline',
  'host.synced',
  'guest.appeared',
  'guest.gone',
  'guest.state_changed',
  'task.created',
  'task.progress',
  'task.ended',
  'schedule.fired',
  'schedule.skipped',
  'schedule.changed',
  'alert.triggered',
  'alert.resolved',
  'alert.escalated',
  'alert.acknowledged',
] as const;

let shared: EventStream | undefined;

/** The tab's stream (created on first use; never in environments without EventSource). */
export function eventStream(): EventStream | undefined {
  if (typeof EventSource === 'undefined') return undefined;
  shared ??= new EventStream();
  return shared;
}
