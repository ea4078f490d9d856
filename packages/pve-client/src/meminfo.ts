/** /proc/meminfo read through the guest agent (`agent/file-read?file=/proc/meminfo`), in bytes. */
export interface Meminfo {
  totalBytes: number;
  /** MemAvailable; on kernels before 3.14 (no such line) estimated as MemFree + Buffers + Cached + SReclaimable. */
  availableBytes: number;
  availableEstimated: boolean;
  freeBytes?: number;
  buffersBytes?: number;
  cachedBytes?: number;
  swapTotalBytes?: number;
  swapFreeBytes?: number;
  /** Every line: bytes for the `kB` ones (KiB, as the kernel means it), the plain number otherwise (HugePages_*). */
  fields: Record<string, number>;
}

const LINE = /^([A-Za-z0-9_()]+):\s+(\d+)(?:\s+(kB))?\s*$/;

/**
 * Parses /proc/meminfo ("MemTotal:        8131884 kB" lines; the kernel's kB is 1024 bytes). Null when the
 * text has no MemTotal (not a meminfo, e.g. an error page or a Windows guest's answer).
 */
export function parseMeminfo(content: string): Meminfo | null {
  const fields: Record<string, number> = {};
  for (const line of content.split('\n')) {
    const m = LINE.exec(line.trim());
    if (!m) continue;
    const value = Number(m[2]);
    fields[m[1] as string] = m[3] ? value * 1024 : value;
  }
  const total = fields['MemTotal'];
  if (total === undefined) return null;
  const opt = (k: string): number | undefined => fields[k];
  const available = opt('MemAvailable');
  const estimate = (opt('MemFree') ?? 0) + (opt('Buffers') ?? 0) + (opt('Cached') ?? 0) + (opt('SReclaimable') ?? 0);
  const out: Meminfo = {
    totalBytes: total,
    availableBytes: Math.min(total, available ?? estimate),
    availableEstimated: available === undefined,
    fields,
  };
  const put = (key: keyof Meminfo, field: string): void => {
    const v = opt(field);
    if (v !== undefined) (out as unknown as Record<string, number>)[key] = v;
  };
  put('freeBytes', 'MemFree');
  put('buffersBytes', 'Buffers');
  put('cachedBytes', 'Cached');
  put('swapTotalBytes', 'SwapTotal');
  put('swapFreeBytes', 'SwapFree');
  return out;
}
