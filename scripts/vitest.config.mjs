// Only the tests of the scripts themselves: fixtures/ holds the layer check's sample workspaces,
// whose `*.test.ts` files are there to be read by the check, not run.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*.test.mjs'],
  },
});
