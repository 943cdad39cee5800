// Integration tests start real HTTPS servers and an embedded API server; the generous timeouts only
// matter on a busy CI box (no test waits on a timer to pass).
import { defineConfig } from 'vitest/config';
import { deadline } from '@opkit/test-tools/deadlines';

export default defineConfig({
  test: { testTimeout: deadline(60_000), hookTimeout: deadline(30_000), expect: { poll: { timeout: deadline(30_000) } } },
});
