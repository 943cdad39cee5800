// Restoring from a data directory through startApiServer: CRDs come back served (discovery included),
// their objects and the resourceVersion counter survive, and a watch resumed from before the restart
// gets the ERROR 410 that makes clients relist (the history did not survive).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import { call, openWatch, widgetCrd } from './protocolHelpers.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'opkit-apiserver-restore-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('startApiServer with dataDir', () => {
  it('restores CRDs as served resources, their objects and the RV counter', async () => {
    const first = await startApiServer({ dataDir: dir });
    let rvBefore: string;
    try {
      expect((await call(first.url, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', widgetCrd())).status).toBe(201);
      const w = await call(first.url, 'POST', '/apis/example.com/v1/namespaces/default/widgets', { metadata: { name: 'kept' }, spec: { size: 3 } });
      expect(w.status).toBe(201);
      await call(first.url, 'POST', '/api/v1/namespaces', { metadata: { name: 'extra' } });
      rvBefore = first.stats().resourceVersion;
    } finally {
      await first.close();
    }
    const second = await startApiServer({ dataDir: dir });
    try {
      expect(second.stats().resourceVersion).toBe(rvBefore);
      const got = await call(second.url, 'GET', '/apis/example.com/v1/namespaces/default/widgets/kept');
      expect(got.status).toBe(200);
      expect(got.body.spec).toEqual({ size: 3, color: 'red' });
      expect((await call(second.url, 'GET', '/apis/example.com/v1')).body.resources.map((r: any) => r.name)).toContain('widgets');
      expect((await call(second.url, 'GET', '/api/v1/namespaces/extra')).status).toBe(200);
      const names = (await call(second.url, 'GET', '/api/v1/namespaces')).body.items.map((n: any) => n.metadata.name);
      expect(names.filter((n: string) => n === 'default')).toHaveLength(1);
      const created = await call(second.url, 'POST', '/apis/example.com/v1/namespaces/default/widgets', { metadata: { name: 'new' }, spec: { size: 1 } });
      expect(Number(created.body.metadata.resourceVersion)).toBe(Number(rvBefore) + 1);
      const stale = await openWatch(second.url, `/apis/example.com/v1/namespaces/default/widgets?watch=true&resourceVersion=${Number(rvBefore) - 1}`);
      expect((await stale.next()).object).toMatchObject({ reason: 'Expired', code: 410 });
      await stale.ended;
    } finally {
      await second.close();
    }
  });
});
