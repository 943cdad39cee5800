// The operator against the embedded API server: a Greeting gets its message, and goes away cleanly.
import { startTestEnv } from '@opkit/testing';
import { expect, it } from 'vitest';

it('greets a new Greeting and lets it go', async () => {
  const env = await startTestEnv({ crds: ['deploy/crds'] });
  try {
    await env.run('src/operator.ts');
    const greeting = await env.apply('samples/greeting.yaml');
    const body = await env.waitFor(greeting, (b) => b.status?.message !== undefined);
    expect(body.status.message).toBe('hello, world');
    await env.delete(greeting);
    await env.waitForGone(greeting);
  } finally {
    await env.dispose();
  }
});
