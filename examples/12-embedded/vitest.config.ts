// Integration tests talk to a real (embedded) API server over HTTP; give them room on a busy CI box.
import { defineConfig } from 'vitest/config';
import { deadline } from '@opkit/test-tools/deadlines';

export default defineConfig({
  test: { testTimeout: deadline(60_000), hookTimeout: deadline(30_000), expect: { poll: { timeout: deadline(30_000) } } },
});
