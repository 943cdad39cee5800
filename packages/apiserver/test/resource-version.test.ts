// One reading of the `resourceVersion` parameter for lists and watches, over real HTTP: a version ahead
// of the server is 504 Timeout (ResourceVersionTooLarge) on a list, with or without resourceVersionMatch,
// and the same 504 as the one ERROR event of a watch (client-go and Opkit's watcher relist on it); a version that is not an unsigned integer is 400
// with the storage layer's wording, for both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { parseResourceVersion } from '../src/http/resourceVersion.js';
import { call, openWatch } from './protocolHelpers.js';

let server: ApiServer;
const cms = '/api/v1/namespaces/default/configmaps';

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(async () => {
  await server.close();
});

function tooLarge(requested: string, current: string): Record<string, unknown> {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: `Too large resource version: ${requested}, current: ${current}`,
    reason: 'Timeout',
    details: { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }], retryAfterSeconds: 1 },
    code: 504,
  };
}

describe('the resourceVersion parameter', () => {
  it('parses unset, "0" and integers; refuses the rest with ParseUint’s words', () => {
    expect(parseResourceVersion(undefined)).toBeUndefined();
    expect(parseResourceVersion('')).toBeUndefined();
    expect(parseResourceVersion('0')).toBeUndefined();
    expect(parseResourceVersion('0042')).toBe(42);
    expect(() => parseResourceVersion('+5')).toThrow('invalid resource version: metadata.resourceVersion: Invalid value: "+5": strconv.ParseUint: parsing "+5": invalid syntax');
    expect(() => parseResourceVersion('18446744073709551616')).toThrow('strconv.ParseUint: parsing "18446744073709551616": value out of range');
    expect(parseResourceVersion('18446744073709551615')).toBeGreaterThan(2 ** 53);
  });

  it('answers a version ahead of the server with 504 on a list, with and without resourceVersionMatch', async () => {
    const current = (await call(server.url, 'GET', cms)).body.metadata.resourceVersion;
    for (const match of ['', '&resourceVersionMatch=NotOlderThan', '&resourceVersionMatch=Exact']) {
      const r = await call(server.url, 'GET', `${cms}?resourceVersion=999999${match}`);
      expect(r.status).toBe(504);
      expect(r.body).toEqual(tooLarge('999999', current));
    }
  });

  it('ends a watch from it with the same 504 as its one ERROR event, as kube-apiserver does', async () => {
    const current = (await call(server.url, 'GET', cms)).body.metadata.resourceVersion;
    const w = await openWatch(server.url, `${cms}?watch=true&resourceVersion=999999`);
    expect(w.status).toBe(200);
    expect(await w.next()).toEqual({ type: 'ERROR', object: tooLarge('999999', current) });
    await w.ended;
  });

  it('answers a version that is not an unsigned integer with 400, on a list and on a watch alike', async () => {
    for (const path of [`${cms}?resourceVersion=abc`, `${cms}?watch=true&resourceVersion=abc`]) {
      const r = await call(server.url, 'GET', path);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('invalid resource version: metadata.resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax');
    }
    expect((await call(server.url, 'GET', `${cms}?resourceVersion=-5`)).body.message).toContain('parsing "-5": invalid syntax');
  });
});
