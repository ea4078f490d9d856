import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../config/env';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { AppError } from '../errors';
import { upsertAdmin } from '../modules/auth/admin.service';
import { MIN_PASSWORD_LENGTH } from '../modules/auth/passwords';
import { readVersion } from '../version';

const USAGE = `Usage: npm run admin:create -- --email admin@example.com [--password-stdin] [--reset]

Creates a ProxAI administrator, or resets the password of an existing administrator (their second factors are
removed too, and their sessions end: they enrol a new factor at their next sign-in). An address that belongs
to an ordinary account (e.g. one that signed up by e-mail) is refused unless --reset is given: that account then
becomes the administrator, with this password, and its sessions end.
The password is asked for on the terminal, or read from standard input with --password-stdin.
Uses the same DATABASE_URL / DATA_DIR as the server (stop a server using the embedded database first).`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Reads a line from the terminal without echoing it. */
function prompt(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { stdin, stderr } = process;
    if (!stdin.isTTY) {
      reject(new Error('no terminal to ask for the password: use --password-stdin'));
      return;
    }
    stderr.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const onData = (key: string) => {
      for (const ch of key) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          stderr.write('\n');
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          stdin.setRawMode(false);
          stderr.write('\n');
          process.exit(130);
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        email: { type: 'string' },
        'password-stdin': { type: 'boolean', default: false },
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const email = args.email?.trim();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    process.stderr.write(`A valid --email is required.\n\n${USAGE}\n`);
    return 2;
  }
  let password: string;
  if (args['password-stdin']) {
    password = await readStdin();
  } else {
    password = await prompt('Password: ');
    const again = await prompt('Repeat the password: ');
    if (again !== password) {
      process.stderr.write('The two passwords differ.\n');
      return 1;
    }
  }

  if (password.length < MIN_PASSWORD_LENGTH) {
    process.stderr.write(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.\n`);
    return 1;
  }

  const config = loadConfigOrExit(readVersion());
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.dataDir, 'pglite') });
  try {
    // From src/cli or dist/cli alike, the migrations live in apps/server/drizzle.
    await runMigrations(database, path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle'));
    const outcome = await upsertAdmin(database.db, { email, password, reset: args.reset ? 'any' : 'admin' });
    if (outcome === 'not_admin') {
      process.stderr.write(
        `${email.toLowerCase()} belongs to an ordinary account, not an administrator. Run again with --reset to make it the administrator (its sessions end).\n`,
      );
      return 1;
    }
    process.stdout.write(
      outcome === 'created'
        ? `Administrator ${email.toLowerCase()} created.\n`
        : `Administrator ${email.toLowerCase()} updated (password reset).\n`,
    );
    return 0;
  } catch (err) {
    process.stderr.write(`${err instanceof AppError ? err.detail : err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
