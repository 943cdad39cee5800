// Exact data over real HTTP, as a real kube-apiserver keeps it: every integer in the int64 range
// exactly (an integer beyond int64 becomes the nearest float64, a number beyond float64 is refused),
// custom resources written with the keys of every level in byte order, built-in kinds with TypeMeta,
// ObjectMeta in Go's declared order and their maps sorted. The assertions read the raw response and
// watch text (JSON.parse would round the very digits under test, and reorder integer-like keys).
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { call, waitFor } from './protocolHelpers.js';
import { deadline } from '@opkit/test-tools';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const NUMBERS = '/apis/exact.dev/v1/namespaces/default/numbers';
const BOUNDED = '/apis/exact.dev/v1/namespaces/default/boundeds';
const CONFIGMAPS = '/api/v1/namespaces/default/configmaps';
const MERGE = { 'content-type': 'application/merge-patch+json' };
const JSON_PATCH = { 'content-type': 'application/json-patch+json' };

/** A CRD of group exact.dev with one served version, a schema and printer columns. */
function crd(plural: string, kind: string, spec: Record<string, unknown>, columns: unknown[] = []): Record<string, unknown> {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.exact.dev` },
    spec: {
      group: 'exact.dev',
      scope: 'Namespaced',
      names: { plural, singular: kind.toLowerCase(), kind },
      versions: [{ name: 'v1', served: true, storage: true, additionalPrinterColumns: columns, schema: { openAPIV3Schema: { type: 'object', properties: { spec } } } }],
    },
  };
}

/** The body of a custom resource as text: the digits below do not survive JSON.stringify of numbers. */
const NUMBER_BODY = (name: string): string =>
  `{"metadata":{"name":"${name}","labels":{"z":"1","a":"2"}},"kind":"Number","apiVersion":"exact.dev/v1",` +
  `"spec":{"zeta":{"y":1,"b":[{"z":1,"a":2}]},"big":9007199254740993,"neg":-9223372036854775808,"max":9223372036854775807,` +
  `"data":{"x":"c","10":"a","2":"b"},"ratio":1.5,"small":7}}`;

/** The spec a server writes for NUMBER_BODY: every map sorted by bytes ("10" < "2" < "x"), digits exact. */
const NUMBER_SPEC =
  '{"big":9007199254740993,"data":{"10":"a","2":"b","x":"c"},"max":9223372036854775807,"neg":-9223372036854775808,"ratio":1.5,"small":7,"zeta":{"b":[{"a":2,"z":1}],"y":1}}';

/** The whole custom resource as a real server writes it (all maps, so every level in byte order). */
function numberText(name: string, meta: { creationTimestamp: string; resourceVersion: string; uid: string }, spec = NUMBER_SPEC): string {
  return (
    `{"apiVersion":"exact.dev/v1","kind":"Number","metadata":{"creationTimestamp":"${meta.creationTimestamp}","generation":1,` +
    `"labels":{"a":"2","z":"1"},"name":"${name}","namespace":"default","resourceVersion":"${meta.resourceVersion}","uid":"${meta.uid}"},"spec":${spec}}`
  );
}

/** One raw watch: the lines as the server wrote them. */
interface RawWatch {
  next(timeoutMs?: number): Promise<string>;
  close(): void;
}

function openRawWatch(base: string, path: string): Promise<RawWatch> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, (res) => {
      const lines: string[] = [];
      let waiting: (() => void) | undefined;
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
          lines.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 1);
        }
        waiting?.();
      });
      resolve({
        next: async (timeoutMs = deadline(30_000)) => {
          const giveUpAt = Date.now() + timeoutMs;
          while (lines.length === 0) {
            const left = giveUpAt - Date.now();
            if (left <= 0) throw new Error(`no watch line within ${timeoutMs} ms`);
            await new Promise<void>((wake) => {
              const timer = setTimeout(wake, left);
              waiting = () => {
                clearTimeout(timer);
                wake();
              };
            });
          }
          return lines.shift() as string;
        },
        close: () => {
          req.destroy();
          res.destroy();
        },
      });
    });
    req.on('error', reject);
    req.end();
  });
}

let server: ApiServer;
let url: string;

async function established(name: string, path: string): Promise<void> {
  await waitFor(async () => (await call(url, 'GET', path)).status === 200, 5000, `${name} to be served`);
}

beforeAll(async () => {
  server = await startApiServer();
  url = server.url;
  const numbers = crd('numbers', 'Number', { type: 'object', 'x-kubernetes-preserve-unknown-fields': true }, [
    { name: 'Big', type: 'integer', jsonPath: '.spec.big' },
  ]);
  expect((await call(url, 'POST', CRDS, numbers)).status).toBe(201);
  const bounded = crd('boundeds', 'Bounded', {
    type: 'object',
    properties: {
      wide: { type: 'integer', format: 'int64' },
      narrow: { type: 'integer', format: 'int32' },
      plain: { type: 'integer' },
      capped: { type: 'integer', maximum: 9007199254740992 },
      even: { type: 'integer', multipleOf: 2 },
      picked: { type: 'integer', enum: [0, 1] },
    },
  });
  // The enum member has 16 digits: written into the text, as JSON.stringify cannot.
  expect((await call(url, 'POST', CRDS, JSON.stringify(bounded).replace('"enum":[0,1]', '"enum":[9007199254740993,1]'))).status).toBe(201);
  await established('numbers', NUMBERS);
  await established('boundeds', BOUNDED);
});
afterAll(async () => {
  await server.close();
});

describe('integers in int64 and key order of custom resources', () => {
  it('stores and serves int64 exactly, with every level of the object in byte order', async () => {
    const created = await call(url, 'POST', NUMBERS, NUMBER_BODY('exact'));
    expect(created.status).toBe(201);
    const meta = created.body.metadata;
    expect(created.text).toBe(numberText('exact', meta));
    const got = await call(url, 'GET', `${NUMBERS}/exact`);
    expect(got.text).toBe(numberText('exact', meta));
    // A custom resource list is a map as well: apiVersion, items, kind, metadata.
    const list = await call(url, 'GET', NUMBERS);
    expect(list.text).toMatch(/^\{"apiVersion":"exact\.dev\/v1","items":\[\{/);
    expect(list.text).toContain(numberText('exact', meta));
    expect(list.text).toMatch(/\],"kind":"NumberList","metadata":\{"resourceVersion":"\d+"\}\}$/);
  });

  it('sends the same bytes in watch events, for a create and a patch', async () => {
    const start = (await call(url, 'GET', NUMBERS)).body.metadata.resourceVersion as string;
    const watch = await openRawWatch(url, `${NUMBERS}?watch=true&resourceVersion=${start}`);
    try {
      const created = await call(url, 'POST', NUMBERS, NUMBER_BODY('watched'));
      expect(await watch.next()).toBe(`{"type":"ADDED","object":${created.text}}`);
      const patched = await call(url, 'PATCH', `${NUMBERS}/watched`, '{"spec":{"big":9007199254740995,"data":{"11":"n"}}}', MERGE);
      expect(patched.status).toBe(200);
      expect(patched.text).toContain('"big":9007199254740995,"data":{"10":"a","11":"n","2":"b","x":"c"}');
      expect(await watch.next()).toBe(`{"type":"MODIFIED","object":${patched.text}}`);
    } finally {
      watch.close();
    }
    // A bookmark's object is encoded as an object of the type too.
    const initial = await openRawWatch(url, `${NUMBERS}?watch=true&sendInitialEvents=true&allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan&fieldSelector=metadata.name%3Dnone`);
    try {
      expect(await initial.next()).toMatch(/^\{"type":"BOOKMARK","object":\{"apiVersion":"exact\.dev\/v1","kind":"Number","metadata":\{"annotations":\{"k8s\.io\/initial-events-end":"true"\},"resourceVersion":"\d+"\}\}\}$/);
    } finally {
      initial.close();
    }
  });

  it('keeps the digits through merge patches, JSON patches (test included) and updates', async () => {
    await call(url, 'POST', NUMBERS, NUMBER_BODY('patched'));
    const merged = await call(url, 'PATCH', `${NUMBERS}/patched`, '{"spec":{"big":-9007199254740993,"list":[18014398509481985,1]}}', MERGE);
    expect(merged.status).toBe(200);
    expect(merged.text).toContain('"big":-9007199254740993,');
    expect(merged.text).toContain('"list":[18014398509481985,1]');
    const ops = '[{"op":"test","path":"/spec/big","value":-9007199254740993},{"op":"replace","path":"/spec/max","value":9223372036854775806}]';
    const jsonPatched = await call(url, 'PATCH', `${NUMBERS}/patched`, ops, JSON_PATCH);
    expect(jsonPatched.status).toBe(200);
    expect(jsonPatched.text).toContain('"max":9223372036854775806,');
    // The rounded neighbour is another value: the test fails (422), nothing is written.
    const wrong = await call(url, 'PATCH', `${NUMBERS}/patched`, '[{"op":"test","path":"/spec/big","value":-9007199254740992}]', JSON_PATCH);
    expect(wrong.status).toBe(422);
    const got = await call(url, 'GET', `${NUMBERS}/patched`);
    expect(got.text).toBe(jsonPatched.text);
    // A PUT of the same text changes nothing: no new resourceVersion (the no-op check compares exactly).
    const same = await call(url, 'PUT', `${NUMBERS}/patched`, got.text);
    expect(same.status).toBe(200);
    expect(same.body.metadata.resourceVersion).toBe(got.body.metadata.resourceVersion);
    // One digit more is a change.
    const changed = await call(url, 'PUT', `${NUMBERS}/patched`, got.text.replace('"max":9223372036854775806', '"max":9223372036854775807'));
    expect(changed.status).toBe(200);
    expect(Number(changed.body.metadata.resourceVersion)).toBeGreaterThan(Number(got.body.metadata.resourceVersion));
    expect(changed.text).toContain('"max":9223372036854775807,');
  });

  it('reads YAML bodies with int64 exact', async () => {
    const yaml = 'apiVersion: exact.dev/v1\nkind: Number\nmetadata:\n  name: yaml\nspec:\n  big: 9007199254740993\n  small: 3\n';
    const created = await call(url, 'POST', NUMBERS, yaml, { 'content-type': 'application/yaml' });
    expect(created.status).toBe(201);
    expect(created.text).toContain('"spec":{"big":9007199254740993,"small":3}');
    const applied = await call(url, 'PATCH', `${NUMBERS}/applied?fieldManager=test`, 'apiVersion: exact.dev/v1\nkind: Number\nmetadata:\n  name: applied\nspec:\n  big: -9223372036854775808\n', {
      'content-type': 'application/apply-patch+yaml',
    });
    expect(applied.status).toBe(201);
    expect(applied.text).toContain('"spec":{"big":-9223372036854775808}');
  });

  it('stores an integer beyond int64 as the nearest float64 and refuses a number beyond float64', async () => {
    const beyond = await call(url, 'POST', NUMBERS, '{"metadata":{"name":"beyond"},"spec":{"huge":18446744073709551616,"neg":-9223372036854775809}}');
    expect(beyond.status).toBe(201);
    expect(beyond.text).toContain('"spec":{"huge":18446744073709552000,"neg":-9223372036854776000}');
    const refused = await call(url, 'POST', NUMBERS, '{"metadata":{"name":"inf"},"spec":{"x":1e400}}');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      kind: 'Status',
      reason: 'BadRequest',
      code: 400,
      message: 'Number in version "v1" cannot be handled as a Number: json: cannot unmarshal number 1e400 into Go value of type float64',
    });
    expect((await call(url, 'GET', `${NUMBERS}/inf`)).status).toBe(404);
    const patch = await call(url, 'PATCH', `${NUMBERS}/beyond`, '{"spec":{"x":-1e400}}', MERGE);
    expect(patch.status).toBe(400);
    expect(patch.body.message).toBe('error decoding patch: json: cannot unmarshal number -1e400 into Go value of type float64');
  });

  it('prints int64 printer columns with every digit', async () => {
    const table = await call(url, 'GET', `${NUMBERS}/exact`, undefined, { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' });
    expect(table.status).toBe(200);
    expect(table.text).toMatch(/"cells":\["exact",9007199254740993\]/);
  });
});

describe('schema validation of int64 values', () => {
  const bounded = (name: string, spec: string): string => `{"metadata":{"name":"${name}"},"spec":${spec}}`;

  it('accepts int64 extremes for format int64 and refuses beyond int32 for format int32, as kube-openapi', async () => {
    const ok = await call(url, 'POST', BOUNDED, bounded('wide', '{"wide":9223372036854775807,"narrow":2147483647,"plain":-9223372036854775808}'));
    expect(ok.status).toBe(201);
    expect(ok.text).toContain('"spec":{"narrow":2147483647,"plain":-9223372036854775808,"wide":9223372036854775807}');
    const narrow = await call(url, 'POST', BOUNDED, bounded('narrow', '{"narrow":2147483648}'));
    expect(narrow.status).toBe(422);
    expect(narrow.body.details.causes).toEqual([{ reason: 'FieldValueInvalid', field: '<nil>', message: 'Invalid value: "": Checked value must be of type integer with format int32 in spec.narrow' }]);
    // Beyond int64 the value is a float64, and kube-openapi takes a float64 for an integer only up to 2^53.
    const plain = await call(url, 'POST', BOUNDED, bounded('plain', '{"plain":9223372036854775808}'));
    expect(plain.status).toBe(422);
    expect(plain.body.details.causes).toEqual([
      { reason: 'FieldValueTypeInvalid', field: 'spec.plain', message: 'Invalid value: "number": spec.plain in body must be of type integer: "number"' },
    ]);
  });

  it('compares maximum, multipleOf and enum exactly (a float comparison would let these through)', async () => {
    expect((await call(url, 'POST', BOUNDED, bounded('at-max', '{"capped":9007199254740992}'))).status).toBe(201);
    const over = await call(url, 'POST', BOUNDED, bounded('over-max', '{"capped":9007199254740993}'));
    expect(over.status).toBe(422);
    expect(over.body.details.causes).toEqual([
      { reason: 'FieldValueInvalid', field: 'spec.capped', message: 'Invalid value: 9007199254740993: spec.capped in body should be less than or equal to 9007199254740992' },
    ]);
    expect((await call(url, 'POST', BOUNDED, bounded('even', '{"even":9007199254740994}'))).status).toBe(201);
    const odd = await call(url, 'POST', BOUNDED, bounded('odd', '{"even":9007199254740993}'));
    expect(odd.status).toBe(422);
    expect(odd.body.details.causes[0].message).toBe('Invalid value: 9007199254740993: spec.even in body should be a multiple of 2');
    expect((await call(url, 'POST', BOUNDED, bounded('picked', '{"picked":9007199254740993}'))).status).toBe(201);
    const notPicked = await call(url, 'POST', BOUNDED, bounded('not-picked', '{"picked":9007199254740992}'));
    expect(notPicked.status).toBe(422);
    expect(notPicked.body.details.causes[0].message).toBe('Unsupported value: 9007199254740992: supported values: "9007199254740993", "1"');
  });

  it('stores the float64 schema bounds a real server keeps (maximum is a float64 in JSONSchemaProps)', async () => {
    const body = JSON.stringify(crd('floats', 'Float', { type: 'object', properties: { n: { type: 'integer', maximum: 1 } } })).replace('"maximum":1', '"maximum":9007199254740993');
    expect((await call(url, 'POST', CRDS, body)).status).toBe(201);
    const stored = await call(url, 'GET', `${CRDS}/floats.exact.dev`);
    expect(stored.text).toContain('"maximum":9007199254740992');
  });
});

describe('key order of built-in kinds', () => {
  it('writes a ConfigMap as kube does: TypeMeta, ObjectMeta in declared order, then its fields, maps sorted', async () => {
    const body =
      '{"data":{"x":"1","10":"a","2":"b","B":"c"},"binaryData":{"z":"AA==","a":"AQ=="},"immutable":false,' +
      '"metadata":{"annotations":{"y":"1","b":"2"},"labels":{"z":"1","10":"x","a":"2"},"finalizers":["example.com/f"],"name":"ordered"},"apiVersion":"v1","kind":"ConfigMap"}';
    const created = await call(url, 'POST', CONFIGMAPS, body);
    expect(created.status).toBe(201);
    const { uid, resourceVersion, creationTimestamp } = created.body.metadata;
    const expected =
      `{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"ordered","namespace":"default","uid":"${uid}","resourceVersion":"${resourceVersion}",` +
      `"creationTimestamp":"${creationTimestamp}","labels":{"10":"x","a":"2","z":"1"},"annotations":{"b":"2","y":"1"},"finalizers":["example.com/f"]},` +
      '"immutable":false,"data":{"10":"a","2":"b","B":"c","x":"1"},"binaryData":{"a":"AQ==","z":"AA=="}}';
    expect(created.text).toBe(expected);
    expect((await call(url, 'GET', `${CONFIGMAPS}/ordered`)).text).toBe(expected);
    const list = await call(url, 'GET', `${CONFIGMAPS}?fieldSelector=metadata.name%3Dordered`);
    expect(list.text).toMatch(/^\{"kind":"ConfigMapList","apiVersion":"v1","metadata":\{"resourceVersion":"\d+"\},"items":\[/);
    // A deletion (finalizer pending) adds deletionTimestamp at its declared place, after creationTimestamp.
    const deleting = await call(url, 'DELETE', `${CONFIGMAPS}/ordered`);
    expect(deleting.status).toBe(200);
    const got = await call(url, 'GET', `${CONFIGMAPS}/ordered`);
    expect(got.text).toMatch(/"creationTimestamp":"[^"]+","deletionTimestamp":"[^"]+","deletionGracePeriodSeconds":0,"labels":/);
    await call(url, 'PATCH', `${CONFIGMAPS}/ordered`, '{"metadata":{"finalizers":null}}', MERGE);
  });
});

describe('persistence', () => {
  it('keeps the digits and the key order across a restart with --data-dir', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'opkit-exact-'));
    try {
      const first = await startApiServer({ dataDir });
      let text: string;
      let cmText: string;
      try {
        expect((await call(first.url, 'POST', CRDS, crd('numbers', 'Number', { type: 'object', 'x-kubernetes-preserve-unknown-fields': true }))).status).toBe(201);
        await waitFor(async () => (await call(first.url, 'GET', NUMBERS)).status === 200, 30_000, 'numbers to be served');
        expect((await call(first.url, 'POST', NUMBERS, NUMBER_BODY('kept'))).status).toBe(201);
        const patched = await call(first.url, 'PATCH', `${NUMBERS}/kept`, '{"spec":{"big":9007199254740997}}', MERGE);
        expect(patched.status).toBe(200);
        text = patched.text;
        cmText = (await call(first.url, 'POST', CONFIGMAPS, '{"metadata":{"name":"kept"},"data":{"2":"b","10":"a"}}')).text;
      } finally {
        await first.close();
      }
      const second = await startApiServer({ dataDir });
      try {
        expect(text).toContain('"big":9007199254740997,');
        expect((await call(second.url, 'GET', `${NUMBERS}/kept`)).text).toBe(text);
        expect(cmText).toContain('"data":{"10":"a","2":"b"}');
        expect((await call(second.url, 'GET', `${CONFIGMAPS}/kept`)).text).toBe(cmText);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
