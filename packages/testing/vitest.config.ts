// Integration tests talk to a real (embedded) API server over HTTP; give them room on a busy CI box.
// The workspace's Opkit packages run as Node runs them (as they would from node_modules): loadOperator's
// import() then goes through Node's loader, whose hook re-evaluates an operator's whole local module graph.
import { defineConfig } from 'vitest/config';
import { deadline } from '@opkit/test-tools/deadlines';

export default defineConfig({
  test: {
    testTimeout: deadline(60_000), hookTimeout: deadline(30_000), expect: { poll: { timeout: deadline(30_000) } },
    server: { deps: { external: [/\/packages\/[^/]+\/dist\//] } },
  },
});
