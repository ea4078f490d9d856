// Time for the collectors, injectable so pacing is tested without waiting.

export interface Clock {
  now(): Date;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

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
