// The site's tests: the link checker and the pages built from the repository (fast), and the built site opened in
// headless Chromium (it needs the build, which turbo runs before the tests).
import { defineConfig } from 'vitest/config';
import { deadline } from '@opkit/test-tools/deadlines';

export default defineConfig({
  test: { include: ['test/**/*.test.mjs'], testTimeout: deadline(120_000), hookTimeout: deadline(120_000), expect: { poll: { timeout: deadline(30_000) } } },
});
