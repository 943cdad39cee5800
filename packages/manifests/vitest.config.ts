// Unit tests, golden outputs, and integration tests against the embedded API server (and kubectl);
// give them room on a busy CI box.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { testTimeout: 60_000, hookTimeout: 30_000, expect: { poll: { timeout: 30_000 } } },
});
