// The operator against the embedded API server: a Zebra gets its message, and goes away cleanly.
import { startTestEnv } from '@opkit/testing';
import { expect, it } from 'vitest';

it('greets a new Zebra and lets it go', async () => {
  const env = await startTestEnv({ crds: ['deploy/crds'] });
  try {
    await env.run('src/operator.ts');
    const zebra = await env.apply('samples/zebra.yaml');
    const body = await env.waitFor(zebra, (b) => b.status?.message !== undefined);
    expect(body.status.message).toBe('hello, world');
    await env.delete(zebra);
    await env.waitForGone(zebra);
  } finally {
    await env.dispose();
  }
});
