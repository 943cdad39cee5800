// Integration tests start real HTTPS servers and an embedded API server; the generous timeouts only
// matter on a busy CI box (no test waits on a timer to pass).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { testTimeout: 60_000, hookTimeout: 30_000, expect: { poll: { timeout: 30_000 } } },
});
