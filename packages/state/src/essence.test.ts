// Checks the essence and the diff-base encoding, including the Kopf vector for examples/obj.yaml.
import { describe, expect, it } from 'vitest';
import { encodeDiffBase, detectStoragePrefixes, buildEssence } from './essence.js';
import { AnnotationsDiffBaseStorage, essence } from './diffBaseStorage.js';
import { exampleObject } from '../test/fixtures.js';

const OBJ_YAML_DIFF_BASE = '{"spec":{"duration":"1m","field":"value","items":["item1","item2"]},"metadata":{"labels":{"somelabel":"somevalue"},"annotations":{"someannotation":"somevalue"}}}\n';

describe('essence', () => {
  it('stores exactly Kopf\'s diff-base for examples/obj.yaml in the kopf profile', () => {
    expect(encodeDiffBase(essence(exampleObject(), { profile: 'kopf' }), { profile: 'kopf' })).toBe(OBJ_YAML_DIFF_BASE);
  });

  it('gives the same essence in the opkit profile once its storage marker is stored', () => {
    const body = exampleObject();
    const annotations = (body.metadata as { annotations: Record<string, string> }).annotations;
    annotations['opkit.dev/create_fn'] = '{}';
    annotations['opkit.dev/kopf-managed'] = 'yes';
    expect(encodeDiffBase(essence(body))).toBe(OBJ_YAML_DIFF_BASE);
  });

  it('keeps annotations under a custom prefix without its marker, except its own diff-base keys (as Kopf)', () => {
    const body = { spec: {}, metadata: { annotations: { 'example.com/create_fn': '{}', 'example.com/last-handled-configuration': '{}' } } };
    expect(essence(body, { prefix: 'example.com' })).toEqual({ spec: {}, metadata: { annotations: { 'example.com/create_fn': '{}' } } });
    const marked = { ...body, metadata: { annotations: { ...body.metadata.annotations, 'example.com/kopf-managed': 'yes' } } };
    expect(essence(marked, { prefix: 'example.com' })).toEqual({ spec: {} });
  });

  it('keeps top-level fields in body order, then metadata with labels before annotations', () => {
    const body = { data: { a: '1' }, kind: 'ConfigMap', metadata: { annotations: { x: 'y' }, labels: { l: 'v' } }, binaryData: {} };
    expect(Object.keys(essence(body))).toEqual(['data', 'binaryData', 'metadata']);
    expect(Object.keys(essence(body).metadata as object)).toEqual(['labels', 'annotations']);
  });

  it('drops empty labels, annotations, metadata and status stanzas', () => {
    const body = { metadata: { labels: {}, annotations: { 'kopf.zalando.org/x': '1' } }, spec: { a: 1 }, status: {} };
    expect(essence(body, { profile: 'kopf' })).toEqual({ spec: { a: 1 } });
  });

  it('drops annotations of any Kopf-style storage: marked prefixes and kopf.zalando.org subdomains', () => {
    const annotations = {
      'example.com/kopf-managed': 'yes', 'example.com/create_fn': '{}', 'my.kopf.zalando.org/x': '1',
      'kopf.zalando.org/touch-dummy': 'now', 'other.io/keep': 'me',
    };
    expect(essence({ metadata: { annotations } })).toEqual({ metadata: { annotations: { 'other.io/keep': 'me' } } });
    expect([...detectStoragePrefixes(Object.keys(annotations))].sort())
      .toEqual(['example.com', 'kopf.zalando.org', 'my.kopf.zalando.org']);
  });

  it('keeps extraFields (e.g. status fields for field handlers) after metadata', () => {
    const body = { spec: { a: 1 }, status: { phase: 'Running', other: 1 }, metadata: { labels: { l: '1' }, name: 'n' } };
    const result = essence(body, { extraFields: ['status.phase', ['metadata', 'name'], 'status.absent'] });
    expect(result).toEqual({ spec: { a: 1 }, metadata: { labels: { l: '1' }, name: 'n' }, status: { phase: 'Running' } });
    expect(Object.keys(result)).toEqual(['spec', 'metadata', 'status']);
  });

  it('removes ignoredFields and the parents they leave empty, skipping non-objects', () => {
    const body = { spec: { big: 'x', keep: 1 }, data: { only: 'x' }, list: ['a'] };
    expect(essence(body, { ignoredFields: ['spec.big', 'data.only', 'list.0', 'absent.field'] }))
      .toEqual({ spec: { keep: 1 }, list: ['a'] });
  });

  it('keeps the status progress field when status is an extra field, as the diff-base storage and Kopf do', () => {
    const body = { spec: {}, status: { kopf: { progress: { a: {} } }, x: 1 } };
    const expected = { spec: {}, status: { kopf: { progress: { a: {} } }, x: 1 } };
    expect(essence(body, { profile: 'kopf', extraFields: ['status'] })).toEqual(expected);
    expect(new AnnotationsDiffBaseStorage({ profile: 'kopf' }).build({ body, extraFields: ['status'] })).toEqual(expected);
  });

  it('does not change the body', () => {
    const body = exampleObject();
    const before = JSON.stringify(body);
    essence(body, { ignoredFields: ['spec.field'] });
    expect(JSON.stringify(body)).toBe(before);
  });
});

describe('buildEssence', () => {
  it('keeps own-prefix annotations until the prefix is marked as a storage', () => {
    const body = { metadata: { annotations: { 'opkit.dev/x': '1' } } };
    expect(buildEssence(body)).toEqual(body);
    expect(buildEssence({ metadata: { annotations: { 'opkit.dev/x': '1', 'opkit.dev/kopf-managed': 'yes' } } })).toEqual({});
  });
});
