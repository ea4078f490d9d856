// No vitest import here: the e2e portal helper and the benchmarks use it outside the server's test runner.

/**
 * Whether a log line holds the secret. A numeric secret (a 6-digit sign-in code) counts only as a whole
 * number: the digits of a timestamp or a duration that happen to contain it are not a leak.
 */
export function containsSecret(line: string, secret: string): boolean {
  if (!/^\d+$/.test(secret)) return line.includes(secret);
  for (let i = line.indexOf(secret); i !== -1; i = line.indexOf(secret, i + 1)) {
    const before = line[i - 1];
    const after = line[i + secret.length];
    if (!(before && /\d/.test(before)) && !(after && /\d/.test(after))) return true;
  }
  return false;
}
