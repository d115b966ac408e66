import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Two workers: the round-trip file alone takes most of the suite, and the other files fit beside it.
  test: { include: ['test/**/*.test.ts'], testTimeout: 600_000, hookTimeout: 600_000, maxWorkers: 2 },
});
