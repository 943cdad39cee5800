// Tests run against an embedded Kubernetes API server in the test process: no cluster, no downloads.
// Besides the console output, a JSON report goes to reports/vitest.json for CI systems to read.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
  },
});
