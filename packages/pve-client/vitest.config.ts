import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'pve-client',
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
