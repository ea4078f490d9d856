/**
 * Waits until every promise of `pending` has settled, or `ms` have passed (Infinity: no bound), whichever comes
 * first; the shutdown's grace period for work under way (job handlers, resumed tasks).
 */
export async function settleWithin(pending: Iterable<Promise<unknown>>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const over = new Promise<void>((resolve) => {
    if (Number.isFinite(ms)) timer = setTimeout(resolve, Math.max(0, ms));
  });
  await Promise.race([Promise.allSettled([...pending]), over]);
  clearTimeout(timer);
}
