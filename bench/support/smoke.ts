// `--smoke`: every benchmark runs its whole path (portal, simulator, seeding, requests, figures) at a tiny size in
// a few seconds, so a change that breaks a benchmark fails `node bench/smoke.mjs`. Its figures are printed, never
// judged: they measure nothing at that size.

export const SMOKE = process.argv.includes('--smoke');

/** The full run's value, or the smoke run's. */
export const sized = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full);

/** Says a run is a smoke run, before its figures. */
export function announceSmoke(name: string): void {
  if (SMOKE) console.log(`${name}: smoke run (tiny sizes; the figures below are not measurements)`);
}

/** A figure's verdict against its target; a smoke run judges nothing. */
export const verdict = (isMet: boolean, met = 'OK', missed = 'BELOW TARGET'): string =>
  SMOKE ? '(smoke: not judged)' : isMet ? met : missed;
