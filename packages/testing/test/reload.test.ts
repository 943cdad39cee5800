// Two env.run() of the same multi-file operator in one test process: every run registers the handlers of
// every module of the operator's local graph (entry → site.ts → naming.ts), not only the entry's, because a
// load re-evaluates the modules the entry imports (Node's module cache would otherwise keep them).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startTestEnv } from '../src/index.js';

const crd = fileURLToPath(new URL('../../../examples/crd.yaml', import.meta.url));
const entry = fileURLToPath(new URL('fixtures/multi-file/operator.ts', import.meta.url));

describe('env.run() of a multi-file operator', () => {
  it('registers the handlers of every imported module on each run', async () => {
    await using env = await startTestEnv({ crds: [crd] });
    for (const name of ['first', 'second']) {
      const op = await env.run(entry);
      await env.apply({ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name }, spec: {} });
      const body = await env.waitFor({ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name, namespace: 'default' },
        (b) => b.status?.entry_fn !== undefined && b.status?.site_fn !== undefined && b.status?.naming_fn !== undefined,
        { what: `have the status of all three handlers (run "${name}")` });
      expect(body.status).toMatchObject({ entry_fn: { site: 'site' }, site_fn: { label: `site-${name}` }, naming_fn: { named: true } });
      const ran = op.feed.flatMap((event) => (event.type === 'handler' && event.phase === 'succeeded' && event.name === name ? [event.id] : []));
      expect(ran.sort()).toEqual(['entry_fn', 'naming_fn', 'site_fn']);
      await op.stop();
    }
  });
});
