// The test runs several operator processes against an embedded API server; give it room on a busy CI box.
import { defineConfig } from 'vitest/config';
import { deadline } from '@opkit/test-tools/deadlines';

export default defineConfig({
  test: { testTimeout: deadline(180_000), hookTimeout: deadline(30_000), expect: { poll: { timeout: deadline(30_000) } } },
});
