// Test-only environment, read in one place like the app's own config.
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
