// Only this package's own tests: templates/ and testdata/ hold whole projects with tests of their own,
// which run in those projects (or after scaffolding), not here.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
