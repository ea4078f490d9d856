import { afterAll } from 'vitest';
import { mailedSecrets } from './portal';
import { sharedPortal, type PortalName } from './shared';

// A setup file (vitest.config.ts): after each test file, the codes and links of the mails the portals keep are
// handed to the check their stop makes. The dev outbox keeps only the last 200 mails of the whole run, so the
// stop at the end of the run alone could miss an early file's.
afterAll(async () => {
  for (const name of ['pglite', 'postgres'] satisfies PortalName[]) {
    const portal = sharedPortal(name);
    portal.track(...(await mailedSecrets(portal.url)));
  }
});
