// Unit tests run on fake time; the integration tests talk to the embedded API server over HTTP, and the
// generous timeouts only matter on a busy CI box.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { testTimeout: 60_000, hookTimeout: 30_000, expect: { poll: { timeout: 30_000 } } },
});
