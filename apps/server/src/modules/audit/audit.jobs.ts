import type { BackgroundDeps, BackgroundLoop } from '../../jobs/background';
import { evidenceKeyFor } from '../restore-tests/evidence-key';
import { signGrownChains } from './audit-export';

/** How often the heads of grown audit chains are signed (each export also ends with a head signed then). */
export const AUDIT_SIGN_MS = 5 * 60_000;

/** Signs the head of every audit chain that grew, every AUDIT_SIGN_MS: the chain's past is pinned by the key. */
const signHeadsLoop: BackgroundLoop = {
  name: 'audit-sign-heads',
  start(deps: BackgroundDeps) {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        await signGrownChains(deps.db, evidenceKeyFor(deps.config, deps.log));
      } catch (err) {
        deps.log.warn({ err }, 'signing the audit chains’ heads failed');
      } finally {
        running = false;
      }
    };
    const every = setInterval(() => void tick(), AUDIT_SIGN_MS);
    every.unref();
    return {
      async stop() {
        clearInterval(every);
        while (running) await new Promise((r) => setTimeout(r, 20));
      },
    };
  },
};

export const auditLoops: BackgroundLoop[] = [signHeadsLoop];
