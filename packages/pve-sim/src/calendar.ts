/**
 * A subset of the calendar events PVE and PBS schedules use (proxmox-time, systemd.time(7) style), enough to
 * answer `next-run`: `hourly`, `daily`, `weekly` (Monday), `monthly`, `[weekdays] [HH:MM]` with weekdays as a list
 * or range (`mon..fri`, `sat,sun`), and `*:MM` / `*:0/15` minute steps. Times are the node's local time (UTC in
 * the simulator). Undefined for anything else (the job then has no `next-run`).
 */

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

interface Spec {
  days: Set<number>;
  hours: number[];
  minutes: number[];
  monthly?: boolean;
}

function parseDays(s: string): Set<number> | undefined {
  const out = new Set<number>();
  for (const part of s.toLowerCase().split(',')) {
    const [a, b] = part.split('..');
    const from = DAYS.indexOf((a ?? '').slice(0, 3));
    const to = b === undefined ? from : DAYS.indexOf(b.slice(0, 3));
    if (from < 0 || to < 0) return undefined;
    for (let d = from; ; d = (d + 1) % 7) {
      out.add(d);
      if (d === to) break;
    }
  }
  return out;
}

function range(spec: string, max: number): number[] | undefined {
  if (spec === '*') return Array.from({ length: max }, (_, i) => i);
  const step = /^(\d+)\/(\d+)$/.exec(spec);
  if (step) {
    const out: number[] = [];
    for (let v = Number(step[1]); v < max; v += Number(step[2])) out.push(v);
    return out;
  }
  const list = spec.split(',').map(Number);
  return list.every((v) => Number.isInteger(v) && v >= 0 && v < max) ? list : undefined;
}

function parse(event: string): Spec | undefined {
  const all = new Set([0, 1, 2, 3, 4, 5, 6]);
  switch (event.trim()) {
    case 'hourly':
      return { days: all, hours: range('*', 24) ?? [], minutes: [0] };
    case 'daily':
      return { days: all, hours: [0], minutes: [0] };
    case 'weekly':
      return { days: new Set([1]), hours: [0], minutes: [0] };
    case 'monthly':
      return { days: all, hours: [0], minutes: [0], monthly: true };
  }
  const words = event.trim().split(/\s+/);
  let days = all;
  if (words.length === 2 || (words.length === 1 && !/\d|\*/.test(words[0] ?? ''))) {
    const parsed = parseDays(words[0] ?? '');
    if (!parsed) return undefined;
    days = parsed;
    words.shift();
  }
  const time = words[0] ?? '00:00';
  const m = /^([\d*/,]+):([\d*/,]+)$/.exec(time);
  if (!m || words.length > 1) return undefined;
  const hours = range(m[1] ?? '', 24);
  const minutes = range(m[2] ?? '', 60);
  if (!hours || !minutes) return undefined;
  return { days, hours, minutes };
}

/** The next time (unix seconds, after `from`) the event fires; undefined when it is not understood. */
export function nextRun(event: string, from: number): number | undefined {
  const spec = parse(event);
  if (!spec) return undefined;
  let t = (Math.floor(from / 60) + 1) * 60;
  // At most a year and a bit of minutes; the loop jumps a whole day when the day does not match.
  for (let i = 0; i < 400 * 24 * 60; i++) {
    const d = new Date(t * 1000);
    const dayOk = spec.days.has(d.getUTCDay()) && (!spec.monthly || d.getUTCDate() === 1);
    if (!dayOk) {
      t = Math.floor(t / 86_400 + 1) * 86_400;
      continue;
    }
    if (spec.hours.includes(d.getUTCHours()) && spec.minutes.includes(d.getUTCMinutes())) return t;
    t += 60;
  }
  return undefined;
}
