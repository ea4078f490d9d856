/** What `GET /_sim/stats` answers: the /api2 requests one node received since `since`. */
export interface SimRequestStats {
  /** Unix seconds: start of counting (node start or the last reset). */
  since: number;
  total: number;
  /** By the node a request was about (`{node}` in its path; others count for the node that received it). */
  by_node: Record<string, number>;
  /** By method and route pattern, e.g. 'GET /nodes/{node}/qemu'; unknown paths as 'GET (not implemented)'. */
  by_path: Record<string, number>;
  /** Minutes that had requests, oldest first; `minute` is the unix second the minute starts. */
  per_minute: { minute: number; count: number }[];
}

/** Keeps a day of minutes; older ones are dropped. */
const MAX_MINUTES = 1440;

/** Counts requests per route pattern, target node and minute (for load tests of the portal's polling). */
export class RequestCounter {
  private since: number;
  private total = 0;
  private readonly byNode = new Map<string, number>();
  private readonly byPath = new Map<string, number>();
  private readonly perMinute = new Map<number, number>();

  /** `now`: the node's time in epoch ms (its minutes are those of its fleet's time). */
  constructor(private readonly now: () => number = Date.now) {
    this.since = Math.floor(now() / 1000);
  }

  record(key: string, node: string, atMs = this.now()): void {
    this.total++;
    bump(this.byPath, key);
    bump(this.byNode, node);
    const minute = Math.floor(atMs / 60_000) * 60;
    bump(this.perMinute, minute);
    if (this.perMinute.size > MAX_MINUTES) {
      const oldest = Math.min(...this.perMinute.keys());
      this.perMinute.delete(oldest);
    }
  }

  reset(): void {
    this.since = Math.floor(this.now() / 1000);
    this.total = 0;
    this.byNode.clear();
    this.byPath.clear();
    this.perMinute.clear();
  }

  snapshot(): SimRequestStats {
    return {
      since: this.since,
      total: this.total,
      by_node: Object.fromEntries(this.byNode),
      by_path: Object.fromEntries(this.byPath),
      per_minute: [...this.perMinute].sort((a, b) => a[0] - b[0]).map(([minute, count]) => ({ minute, count })),
    };
  }
}

function bump<K>(m: Map<K, number>, k: K): void {
  m.set(k, (m.get(k) ?? 0) + 1);
}
