import type { GuestRates } from './metrics';
import { guestMinuteRates } from './rrd';
import type { SimGuest } from './types';

/**
 * A guest's I/O counters (netin, netout, diskread, diskwrite: bytes since the guest started), as /cluster/resources,
 * the guest lists, status/current and the agent's interface list give them. They are the integral of the rates of
 * the guest's 1-minute RRD rows (`guestMinuteRates`), so a counter's growth over a minute, divided by 60, is that
 * minute's `rrddata` rate, and a poller's rate from two readings agrees with the history.
 *
 * (They used to be "today's rate × uptime", whose growth between two polls is dominated by uptime × the change of
 * the rate: a guest up for weeks jumped by GB at each minute's load change, read as GB/s by a poller.)
 */

const ZERO: GuestRates = { netin: 0, netout: 0, diskread: 0, diskwrite: 0 };
/** A guest started at most this long ago when first asked about is integrated from its start; older: from now. */
const EXACT_FROM_START_S = 3600;

interface Integral {
  startedAt: number;
  /** Unix seconds the totals are integrated up to. */
  at: number;
  totals: GuestRates;
}

const integrals = new WeakMap<SimGuest, Integral>();

/** Adds the rates of the minutes over [from, to) to `totals`, each minute at its own row's rates. */
function integrate(g: SimGuest, totals: GuestRates, from: number, to: number): void {
  for (let t = from; t < to;) {
    const minute = Math.floor(t / 60) * 60;
    const until = Math.min(to, minute + 60);
    const r = guestMinuteRates(g, minute);
    const s = until - t;
    totals.netin += r.netin * s;
    totals.netout += r.netout * s;
    totals.diskread += r.diskread * s;
    totals.diskwrite += r.diskwrite * s;
    t = until;
  }
}

/**
 * The counters at `now` (unix seconds). Each call integrates from the previous one, with the rates the guest has
 * then: a load changed meanwhile only changes what follows, and a counter never goes down while the guest runs.
 * A start, reboot or reset (a new `startedAt`) begins again from 0, as a new QEMU process or container does.
 */
export function guestCounters(g: SimGuest, now: number): GuestRates {
  const start = g.startedAt;
  if (g.status !== 'running' || start === undefined || g.template || now <= start) return { ...ZERO };
  let s = integrals.get(g);
  if (!s || s.startedAt !== start) {
    // What a counter held before anyone read it cannot be observed: a guest up for months starts from a plausible
    // total (its current rates over its uptime) rather than months of minutes integrated on the first request.
    s =
      now - start <= EXACT_FROM_START_S
        ? { startedAt: start, at: start, totals: { ...ZERO } }
        : { startedAt: start, at: now, totals: scale(guestMinuteRates(g, Math.floor(now / 60) * 60), now - start) };
    integrals.set(g, s);
  }
  if (now > s.at) {
    integrate(g, s.totals, s.at, now);
    s.at = now;
  }
  return {
    netin: Math.round(s.totals.netin),
    netout: Math.round(s.totals.netout),
    diskread: Math.round(s.totals.diskread),
    diskwrite: Math.round(s.totals.diskwrite),
  };
}

function scale(r: GuestRates, seconds: number): GuestRates {
  return {
    netin: r.netin * seconds,
    netout: r.netout * seconds,
    diskread: r.diskread * seconds,
    diskwrite: r.diskwrite * seconds,
  };
}
