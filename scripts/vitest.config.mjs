// Only the tests of the scripts themselves: fixtures/ holds the layer check's sample workspaces,
// whose `*.test.ts` files are there to be read by the check, not run.
import { defineConfig } from 'vitest/config';
import { deadline } from '@opkit/test-tools/deadlines';

export default defineConfig({
  test: {
    include: ['*.test.mjs'],
    testTimeout: deadline(60_000), hookTimeout: deadline(30_000), expect: { poll: { timeout: deadline(30_000) } },
  },
});
