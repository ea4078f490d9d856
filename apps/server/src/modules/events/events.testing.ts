// Test helper: an event stream (GET /api/events) read over a real socket, frame by frame. Not shipped code.

export interface Frame {
  id: string;
  event: string;
  data: { id: string; type: string; at: string; data: Record<string, unknown> };
}

/** An open event stream over a real socket: the frames received so far, and a way to wait for one. */
export async function openStream(url: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const res = await fetch(url, { headers, signal: abort.signal });
  const frames: Frame[] = [];
  let buffer = '';
  const pump = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split('\n')
              .find((l) => l.startsWith(`${name}:`))
              ?.slice(name.length + 1)
              .trim();
          const data = field('data');
          if (typeof data === 'string' && data)
            frames.push({ id: String(field('id')), event: String(field('event')), data: JSON.parse(data) as Frame['data'] });
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    status: res.status,
    /** Settles when the server ends the stream (or the client closes it). */
    ended: pump,
    contentType: res.headers.get('content-type'),
    frames,
    async waitFor(match: (f: Frame) => boolean, ms = 8000): Promise<Frame> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = frames.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching event; got ${frames.map((f) => f.event).join(', ')}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async close() {
      abort.abort();
      await pump;
    },
  };
}
