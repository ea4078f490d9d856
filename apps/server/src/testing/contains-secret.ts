// No vitest import here: the e2e portal helper and the benchmarks use it outside the server's test runner.

/**
 * Whether a log line holds the secret. A numeric secret (a 6-digit sign-in code) counts only as a word of its own:
 * the digits of a timestamp, a duration or a hex id (a UUID's `…-935027d882c0`) that happen to contain it are not
 * a leak.
 */
export function containsSecret(line: string, secret: string): boolean {
  if (!/^\d+$/.test(secret)) return line.includes(secret);
  const partOfWord = (c: string | undefined) => c !== undefined && /[0-9A-Za-z]/.test(c);
  for (let i = line.indexOf(secret); i !== -1; i = line.indexOf(secret, i + 1)) {
    if (!partOfWord(line[i - 1]) && !partOfWord(line[i + secret.length])) return true;
  }
  return false;
}
