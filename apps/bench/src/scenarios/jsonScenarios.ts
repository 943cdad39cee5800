// The cost of exact JSON on one object: @opkit/json's parse and write against the platform's JSON, on
// a typical custom resource as a server sends it (a uid, timestamps, managed fields; about 1 KiB), on the
// same with an int64 beyond 2^53 (the reviver's slow path), and with a map of integer-like keys (the
// exact writer's path). The system benchmarks (apiserver, watching) show what this costs end to end.
import { parseJson, stringifyJson } from '@opkit/json';
import type { BenchResult } from '../apiserverScenarios.js';

function customResource(spec: Record<string, unknown>): Record<string, unknown> {
  return {
    apiVersion: 'kopf.dev/v1', kind: 'KopfExample',
    metadata: {
      annotations: { 'kopf.zalando.org/last-handled-configuration': '{"spec":{"duration":"1m","field":"value"}}\n' },
      creationTimestamp: '2026-11-25T10:00:00Z', finalizers: ['kopf.zalando.org/KopfFinalizerMarker'], generation: 3,
      labels: { app: 'bench', 'app.kubernetes.io/name': 'example' },
      managedFields: [{ apiVersion: 'kopf.dev/v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': { '.': {}, 'f:field': {} } }, manager: 'kubectl', operation: 'Update', time: '2026-11-25T10:00:00Z' }],
      name: 'kopf-example-1', namespace: 'default', resourceVersion: '123456', uid: '5f8e1234-0f1c-4d2b-9e8a-1c2b3d4e5f60',
    },
    spec: { duration: '1m', field: 'value', items: ['item1', 'item2'], replicas: 3, ...spec },
    status: { create_fn: { message: 'hello world' }, phase: 'Running' },
  };
}

function opsPerSecond(fn: () => void, minMs = 400): number {
  for (let i = 0; i < 200; i++) fn();
  let count = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    for (let i = 0; i < 200; i++) fn();
    count += 200;
    elapsed = performance.now() - start;
  }
  return (count / elapsed) * 1000;
}

/** Parse and write throughput (objects/s) of the platform JSON and @opkit/json. */
export function runJsonBench(): BenchResult[] {
  const cases: [string, Record<string, unknown>][] = [
    ['plain CR', customResource({})],
    ['CR with an int64 > 2^53', customResource({ big: 9007199254740993n })],
    ['CR with integer-like keys', customResource({ data: { 10: 'a', 2: 'b' } })],
  ];
  const results: BenchResult[] = [];
  for (const [name, value] of cases) {
    const text = stringifyJson(value);
    const size = `${text.length} B`;
    results.push({ scenario: `${name}: JSON.parse`, size, value: opsPerSecond(() => JSON.parse(text)), unit: 'objects/s' });
    results.push({ scenario: `${name}: parseJson`, size, value: opsPerSecond(() => parseJson(text)), unit: 'objects/s' });
    results.push({ scenario: `${name}: parseJson float mode`, size, value: opsPerSecond(() => parseJson(text, { beyondInt64: 'float' })), unit: 'objects/s' });
    if (!name.includes('int64')) results.push({ scenario: `${name}: JSON.stringify`, size, value: opsPerSecond(() => JSON.stringify(value)), unit: 'objects/s' });
    results.push({ scenario: `${name}: stringifyJson`, size, value: opsPerSecond(() => stringifyJson(value)), unit: 'objects/s' });
  }
  return results;
}
