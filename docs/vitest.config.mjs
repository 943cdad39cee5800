// The site's tests: the link checker and the pages built from the repository (fast), and the built site opened in
// headless Chromium (it needs the build, which turbo runs before the tests).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['test/**/*.test.mjs'], testTimeout: 120_000, hookTimeout: 120_000 },
});
