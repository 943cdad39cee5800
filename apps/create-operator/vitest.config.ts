// Only this package's own tests: templates/ and testdata/ hold whole projects with tests of their own,
// which run in those projects (or after scaffolding), not here.
import { defineConfig } from 'vitest/config';
import { deadline } from '@opkit/test-tools/deadlines';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: deadline(60_000),
    hookTimeout: deadline(30_000), expect: { poll: { timeout: deadline(30_000) } },
  },
});
