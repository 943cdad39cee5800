// A handler called outside an operator (a unit test calling it directly) has a client that says so
// when used, instead of reaching whatever cluster a kubeconfig names.
import { describe, expect, it } from 'vitest';
import { HandlerClient } from './client.js';
import { filterContextOf } from './filters.js';

describe('HandlerClient outside an operator', () => {
  it('is unavailable and names the way out when used', async () => {
    const client = filterContextOf({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'default', uid: 'u' } }).client!;
    expect(client).toBeInstanceOf(HandlerClient);
    expect(client.available).toBe(false);
    expect(() => client.kube).toThrow(/runs outside an operator.*startTestEnv/);
    await expect(client.get('configmaps', 'x')).rejects.toThrow(/runs outside an operator/);
  });
});
