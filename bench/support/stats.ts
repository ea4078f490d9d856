// Helpers shared by the benchmarks. The portal itself is started by portal.ts, with the browser tests' helper
// (e2e/support/portal.ts): one way to run the built portal on a free port with a fresh database.
/** The portal process's resident memory, read from its Prometheus endpoint. */
export async function portalRssMb(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const match = /^process_resident_memory_bytes (\d+)/m.exec(text);
  return match ? Number(match[1]) / 1024 / 1024 : NaN;
}

/** The portal process's CPU time so far (user + system), read from its Prometheus endpoint. */
export async function cpuSeconds(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^process_cpu_seconds_total ([\d.e+-]+)/m.exec(text)?.[1] ?? NaN);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
