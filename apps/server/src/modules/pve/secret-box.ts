import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import { parseSecretKey } from '../../config/secret-key';
import { AppError, errorText } from '../../errors';
import { FALLBACK_LANGUAGE, translate } from '../../i18n/catalogue';

const KEY_FILE = 'secret.key';
const IV_BYTES = 12;

/**
 * Why a sealed value does not open: AES-GCM's authentication failed, so it was sealed with another key (Node only
 * says "Unsupported state or unable to authenticate data"). Stored as is in tasks and a host's last error: English.
 */
/** What a task or a host stores when its credentials cannot be opened (the catalogue's English text). */
export const UNREADABLE_SECRET = translate(FALLBACK_LANGUAGE, 'errors', 'hosts.secretUnreadable');

/** Encrypts host credentials (PVE passwords, API token secrets) at rest with AES-256-GCM. */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

/** Reads `<dataDir>/secret.key`, creating it (0600) on first start; another process may race us to it. */
function keyFromDataDir(dataDir: string, log: FastifyBaseLogger): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written aside then hard-linked into place: a concurrent reader never sees a half-written key, and
    // when two processes race, the first link wins and the other one reads that key.
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(tmp, file);
      log.warn(
        { file },
        'PROXAI_SECRET_KEY is not set: generated a host-credential encryption key in the data directory (back it up, or set PROXAI_SECRET_KEY)',
      );
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  const key = parseSecretKey(fs.readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a 32-byte key (base64 or hex)`);
  return key;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url')).join('.');
    },
    open(sealed) {
      const [iv, tag, ciphertext] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
      if (!iv || !tag || !ciphertext) throw new Error('malformed sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      const head = decipher.update(ciphertext);
      try {
        return Buffer.concat([head, decipher.final()]).toString('utf8');
      } catch (err) {
        throw new AppError('invalid_state', errorText('hosts.secretUnreadable'), { cause: err });
      }
    },
  };
}

const boxes = new WeakMap<Config, SecretBox>();

/** Where the app's key comes from, as an operator would look for it. */
export const secretKeySource = (config: Config): string =>
  config.PROXAI_SECRET_KEY
    ? 'PROXAI_SECRET_KEY'
    : `The key generated in ${path.join(config.dataDir, KEY_FILE)} (PROXAI_SECRET_KEY is not set)`;

/** The app's secret box: key from PROXAI_SECRET_KEY, else generated into the data directory. One per config. */
export function secretBoxFor(config: Config, log: FastifyBaseLogger): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    let key: Buffer;
    if (config.PROXAI_SECRET_KEY) {
      const parsed = parseSecretKey(config.PROXAI_SECRET_KEY);
      if (!parsed) throw new Error('PROXAI_SECRET_KEY must be 32 bytes, base64 or hex');
      key = parsed;
    } else {
      key = keyFromDataDir(config.dataDir, log);
    }
    box = createSecretBox(key);
    boxes.set(config, box);
  }
  return box;
}
