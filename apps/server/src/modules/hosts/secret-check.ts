import { eq } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { hosts, secretKeyChecks } from '../../db/schema';
import { secretKeySource, type SecretBox } from '../pve/secret-box';

/**
 * The key check (issue 30): replicas must share one PROXAI_SECRET_KEY, and one that does not (each generated its
 * own into its DATA_DIR) would otherwise run fine until a task or poll lands on it and fails on a credential it
 * cannot open. So the first process to start on a database seals a known value with its key, and every start
 * opens it: a process whose key cannot refuses to start.
 */

const CHECK_ID = 'secret_key';
const CHECK_VALUE = 'proxai secret key check v1';

/** The process's key cannot open what another one sealed in this database. */
export class SecretKeyMismatchError extends Error {
  constructor() {
    super("this key cannot open the key check sealed in this database: the database's credentials were sealed with another key");
    this.name = 'SecretKeyMismatchError';
  }
}

/** 'sealed': this process wrote the check; 'opened': it opened one another wrote; 'resealed': keyLost replaced it. */
export type SecretCheckOutcome = 'sealed' | 'opened' | 'resealed';

const opens = (box: SecretBox, sealed: string): boolean => {
  try {
    return box.open(sealed) === CHECK_VALUE;
  } catch {
    return false;
  }
};

async function storedCheck(db: Db): Promise<string | undefined> {
  const [row] = await db.select({ sealed: secretKeyChecks.sealed }).from(secretKeyChecks).where(eq(secretKeyChecks.id, CHECK_ID));
  return row?.sealed;
}

/**
 * A database from before the check may already hold credentials: the first check is only sealed by a key that
 * opens at least one of them, so the first replica to start after an upgrade cannot impose a wrong key on the others.
 */
async function opensExistingCredentials(db: Db, box: SecretBox): Promise<boolean> {
  const rows = await db.select({ sealed: hosts.secretEncrypted }).from(hosts);
  if (rows.length === 0) return true;
  return rows.some(({ sealed }) => {
    try {
      box.open(sealed);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Opens the database's key check with `box`, sealing it first when there is none (replicas starting at once: the
 * first insert wins and the others read it back). Throws SecretKeyMismatchError when it does not open. `keyLost`
 * (PROXAI_SECRET_KEY_LOST): the key that sealed it is gone for good, so a check this key cannot open is replaced.
 */
export async function checkSecretKey(db: Db, box: SecretBox, options: { keyLost?: boolean } = {}): Promise<SecretCheckOutcome> {
  const stored = await storedCheck(db);
  if (stored !== undefined) {
    if (opens(box, stored)) return 'opened';
    if (!options.keyLost) throw new SecretKeyMismatchError();
    await db
      .update(secretKeyChecks)
      .set({ sealed: box.seal(CHECK_VALUE), createdAt: new Date() })
      .where(eq(secretKeyChecks.id, CHECK_ID));
    // Read back: another replica told the same may have resealed it with its own key meanwhile.
    if (!opens(box, (await storedCheck(db)) ?? '')) throw new SecretKeyMismatchError();
    return 'resealed';
  }
  if (!options.keyLost && !(await opensExistingCredentials(db, box))) throw new SecretKeyMismatchError();
  const inserted = await db
    .insert(secretKeyChecks)
    .values({ id: CHECK_ID, sealed: box.seal(CHECK_VALUE) })
    .onConflictDoNothing()
    .returning({ id: secretKeyChecks.id });
  if (inserted.length > 0) return 'sealed';
  if (!opens(box, (await storedCheck(db)) ?? '')) throw new SecretKeyMismatchError();
  return 'opened';
}

/** The one line a process refusing to start writes: what is wrong and the fix. */
export const keyMismatchLine = (config: Config): string =>
  `${secretKeySource(config)} is not the key that sealed this database's credentials (another replica's key, or one generated into another DATA_DIR?): give every replica the same PROXAI_SECRET_KEY. If that key is lost for good, start once with PROXAI_SECRET_KEY_LOST=1, then enter the credentials again`;

/**
 * The check at start (server.ts): undefined when this process may start, else the line it refuses with.
 * Other failures (the database) are thrown.
 */
export async function secretKeyRefusal(
  db: Db,
  box: SecretBox,
  config: Config,
  log: { warn: (obj: object, msg: string) => void },
): Promise<string | undefined> {
  try {
    const outcome = await checkSecretKey(db, box, { keyLost: config.PROXAI_SECRET_KEY_LOST });
    if (config.PROXAI_SECRET_KEY_LOST)
      log.warn(
        { outcome },
        outcome === 'opened'
          ? 'PROXAI_SECRET_KEY_LOST is set but this key opens the key check: remove it'
          : 'PROXAI_SECRET_KEY_LOST: the key check is now sealed with this key; credentials sealed with the lost key must be entered again. Remove PROXAI_SECRET_KEY_LOST',
      );
    return undefined;
  } catch (err) {
    if (err instanceof SecretKeyMismatchError) return keyMismatchLine(config);
    throw err;
  }
}
