// Every deadline of these tests scaled for the machine (OPKIT_TEST_TIME_SCALE, src/deadlines.ts).
import { defineConfig } from 'vitest/config';
import { deadline } from './src/deadlines.js';

export default defineConfig({
  test: { testTimeout: deadline(60_000), hookTimeout: deadline(30_000), expect: { poll: { timeout: deadline(30_000) } } },
});
