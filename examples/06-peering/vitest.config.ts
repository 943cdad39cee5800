// The test runs several operator processes against an embedded API server; give it room on a busy CI box.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { testTimeout: 180_000, hookTimeout: 30_000, expect: { poll: { timeout: 30_000 } } },
});
