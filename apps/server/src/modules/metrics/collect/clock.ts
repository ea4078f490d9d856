// The collectors' pacing, on the background work's injectable clock (jobs/clock.ts).
import type { Clock } from '../../../jobs/clock';

/**
 * A pacer: each call resolves no sooner than 1/perSecond seconds after the previous one did, so requests made
 * one after another through it never exceed `perSecond` in any second.
 */
export function rateLimiter(perSecond: number, clock: Clock): () => Promise<void> {
  const spacing = 1000 / perSecond;
  let next = -Infinity;
  return async () => {
    const now = clock.now().getTime();
    const at = Math.max(now, next);
    next = at + spacing;
    if (at > now) await clock.sleep(at - now);
  };
}
