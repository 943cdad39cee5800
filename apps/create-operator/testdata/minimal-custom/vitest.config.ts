// Tests run the operator against an in-process Kubernetes API server: give them room on a busy machine.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { environment: 'node', testTimeout: 30_000, pool: 'forks' },
});
