// A retry someone awaits must keep the process alive: `await client.resolve(...)` in a script's
// top-level await, answered 503 with Retry-After, waits out the backoff and then succeeds. With an
// unref'd backoff timer nothing else holds the event loop open (idle keep-alive sockets are unref'd),
// so Node used to end the script with exit code 13 before the retry. The script runs in a child Node
// against the built package; the embedded API server of this test injects the 503s.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import { deadline } from '@opkit/test-tools';

const KUBE = new URL('../dist/index.js', import.meta.url).href;

describe('an awaited retry keeps the process alive', () => {
  let server: ApiServer;
  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());

  it('resolve() under 503 + Retry-After in a top-level-await script retries and exits 0', async () => {
    server.faults.failNext(2, 503, { retryAfterSeconds: 1 });
    const source = `
      import { connect } from '${KUBE}';
      const delays = [];
      const logger = { debug: (message, fields) => { if (message === 'request failed; retrying') delays.push(fields.delayMs); }, info() {}, warn() {}, error() {}, child: () => logger };
      const client = await connect({ server: { url: '${server.url}' }, logger });
      const [configmaps] = await client.resolve('configmaps');
      console.log(configmaps.version + '/' + configmaps.plural + ' after ' + (delays.length > 0 && delays.every((ms) => ms >= 1000) ? 'the Retry-After' : 'no wait'));
      client.close();
    `;
    // Asynchronous: this process's server must keep answering while the child runs.
    const result = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', source], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('v1/configmaps after the Retry-After\n');
    expect(result.status).toBe(0);
    expect(server.faults.counts().failed).toBe(2);
  }, deadline(60_000));
});
