import { isPveError, type PveError } from '@proxai/pve-client';

/** The PveError a client call rejects with; fails the test when it resolves or throws anything else. */
export async function rejection(p: Promise<unknown>): Promise<PveError> {
  try {
    await p;
  } catch (e) {
    if (isPveError(e)) return e;
    throw e;
  }
  throw new Error('expected a PveError');
}
