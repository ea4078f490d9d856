import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { hosts, secretKeyChecks } from '../../db/schema';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../../testing/database';
import { buildOrganisation } from '../../testing/factories';
import { createSecretBox } from '../pve/secret-box';
import { checkSecretKey, SecretKeyMismatchError, secretKeyRefusal } from './secret-check';

const newBox = () => createSecretBox(randomBytes(32));
const silentLog = { warn: () => undefined };

/** The key check on the database itself: sealed by the first key, opened by the same, refused to any other. */
describe.each(TEST_DATABASE_KINDS)('secret key check on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });
  // Each test starts from a database no process has started on yet.
  beforeEach(async () => {
    await database.db.delete(secretKeyChecks);
    await database.db.delete(hosts);
  });

  it('the first key seals the check; the same key opens it, another is refused until PROXAI_SECRET_KEY_LOST', async () => {
    const first = newBox();
    const other = newBox();
    expect(await checkSecretKey(database.db, first)).toBe('sealed');
    expect(await checkSecretKey(database.db, first)).toBe('opened');
    await expect(checkSecretKey(database.db, other)).rejects.toBeInstanceOf(SecretKeyMismatchError);
    // The refusal left the check as it was.
    expect(await checkSecretKey(database.db, first)).toBe('opened');
    // The first key is lost for good: the other one takes over, and now the first is the one refused.
    expect(await checkSecretKey(database.db, other, { keyLost: true })).toBe('resealed');
    expect(await checkSecretKey(database.db, other)).toBe('opened');
    await expect(checkSecretKey(database.db, first)).rejects.toBeInstanceOf(SecretKeyMismatchError);
    expect(await database.db.select().from(secretKeyChecks)).toHaveLength(1);
  });

  it('replicas starting at once with different keys: one seals the check, the other is refused', async () => {
    const outcomes = await Promise.allSettled([newBox(), newBox(), newBox()].map((box) => checkSecretKey(database.db, box)));
    expect(outcomes.filter((o) => o.status === 'fulfilled').map((o) => o.value)).toEqual(['sealed']);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused).toHaveLength(2);
    for (const o of refused) expect(o.reason).toBeInstanceOf(SecretKeyMismatchError);
  });

  it('a database from before the check: only a key that opens its hosts’ credentials may seal it', async () => {
    const org = await buildOrganisation(database.db);
    const right = newBox();
    await database.db.insert(hosts).values({
      organisationId: org.id,
      name: 'pve1',
      pveUrl: 'https://10.0.0.1:8006',
      pveNode: 'pve1',
      username: 'root@pam',
      authType: 'password',
      secretEncrypted: right.seal('the-host-password'),
    });
    await expect(checkSecretKey(database.db, newBox())).rejects.toBeInstanceOf(SecretKeyMismatchError);
    expect(await database.db.select().from(secretKeyChecks)).toHaveLength(0);
    expect(await checkSecretKey(database.db, right)).toBe('sealed');
  });

  it('at start: the refusal is one line naming the key, its source and the fix', async () => {
    const sealedBy = randomBytes(32);
    const configWith = (key: Buffer, env: Record<string, string> = {}) =>
      parseConfig({ DATA_DIR: '/tmp/proxai-secret-check', PROXAI_SECRET_KEY: key.toString('base64'), ...env });
    const first = configWith(sealedBy);
    expect(await secretKeyRefusal(database.db, createSecretBox(sealedBy), first, silentLog)).toBeUndefined();
    const other = randomBytes(32);
    const line = await secretKeyRefusal(database.db, createSecretBox(other), configWith(other), silentLog);
    expect(line).toMatch(/^PROXAI_SECRET_KEY is not the key that sealed this database's credentials .*same PROXAI_SECRET_KEY/);
    expect(line).not.toContain('\n');
    // Without PROXAI_SECRET_KEY the key was generated into DATA_DIR: the line names that file.
    const generated = parseConfig({ DATA_DIR: '/tmp/proxai-secret-check' });
    expect(await secretKeyRefusal(database.db, createSecretBox(other), generated, silentLog)).toMatch(
      /^The key generated in \/tmp\/proxai-secret-check\/secret\.key \(PROXAI_SECRET_KEY is not set\) is not the key/,
    );
    const warnings: string[] = [];
    const log = { warn: (_: object, msg: string) => void warnings.push(msg) };
    expect(
      await secretKeyRefusal(database.db, createSecretBox(other), configWith(other, { PROXAI_SECRET_KEY_LOST: '1' }), log),
    ).toBeUndefined();
    expect(warnings).toEqual([expect.stringMatching(/now sealed with this key.*Remove PROXAI_SECRET_KEY_LOST/)]);
  });
});
