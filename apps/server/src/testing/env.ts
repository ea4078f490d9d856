// Test-only environment, read in one place like the app's own config.
/**
 * Opt-in of the tests that add simulated hosts on 127.0.0.1: the default outbound policy (private) refuses
 * loopback, as hosts.int.test.ts proves.
 */
export const LOOPBACK_HOSTS = { HOST_ADDRESS_POLICY: 'any' } as const;

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** What a server started as a child process inherits (its PATH, to find node and tsx). */
export const CHILD_PATH = process.env.PATH ?? '';
