// Integration tests talk to a real (embedded) API server over HTTP; give them room on a busy CI box.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { testTimeout: 60_000, hookTimeout: 30_000, expect: { poll: { timeout: 30_000 } } },
});
