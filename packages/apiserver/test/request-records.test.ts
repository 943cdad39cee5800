// The in-memory request log behind `server.requests()` is bounded: `maxRequestRecords` keeps the newest records only
// (a long-running server that nobody inspects keeps fewer), while the per-verb totals of /metrics keep counting.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiServerError, startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('maxRequestRecords', () => {
  it('keeps only the newest records, and /metrics still counts every request', async () => {
    server = await startApiServer({ maxRequestRecords: 3 });
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${server.url}/api/v1/namespaces/default/configmaps/cm${i}`);
      expect(res.status).toBe(404);
    }
    const names = server.requests().filter((r) => r.resource === 'configmaps').map((r) => r.name);
    expect(server.requests().length).toBeLessThanOrEqual(3);
    expect(names).toEqual(['cm2', 'cm3', 'cm4'].slice(3 - names.length));
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    const line = metrics.split('\n').find((l) => l.startsWith('apiserver_request_total{verb="GET"') && l.includes('resource="configmaps"') && l.includes('code="404"'));
    expect(line).toMatch(/ 5$/);
  });

  it('refuses a bound that is not a positive whole number, saying what was expected', async () => {
    await expect(startApiServer({ maxRequestRecords: 0 })).rejects.toThrow(ApiServerError);
    await expect(startApiServer({ maxRequestRecords: 1.5 })).rejects.toThrow(/maxRequestRecords must be a positive whole number; got 1.5/);
  });
});
