// Fuzz-style properties: pruning, defaulting, validation and CRD checks never throw on arbitrary
// JSON, and defaulting is idempotent, so that any request body yields a Status, never a crash.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateJsonPathAll } from '../table/jsonPath.js';
import { validateObjectMeta } from '../validation/objectMeta.js';
import { crdNames, validateCrd } from './crd.js';
import { applyDefaults } from './defaults.js';
import { pruneObject } from './prune.js';
import type { JsonSchema } from './types.js';
import { validateObject } from './validateObject.js';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      required: ['size'],
      properties: {
        size: { type: 'integer', minimum: 0, default: 1 },
        name: { type: 'string', maxLength: 5, pattern: '^[a-z]*$', default: 'x' },
        tags: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } },
        ports: { type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'], items: { type: 'object', properties: { name: { type: 'string' } } } },
        m: { type: 'object', additionalProperties: { type: 'integer', nullable: true } },
        any: { 'x-kubernetes-preserve-unknown-fields': true },
        port: { 'x-kubernetes-int-or-string': true },
      },
    },
  },
};

const key = fc.constantFrom('spec', 'size', 'name', 'tags', 'ports', 'm', 'any', 'port', 'metadata', 'x');
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(key, tie('value'), { maxKeys: 4 })),
})).value;

describe('schema robustness', () => {
  it('prunes, defaults and validates arbitrary objects without throwing', () => {
    fc.assert(
      fc.property(fc.dictionary(key, json, { maxKeys: 4 }), (obj) => {
        const pruned = pruneObject(obj, schema).object;
        const once = applyDefaults(pruned, schema);
        expect(applyDefaults(once, schema)).toEqual(once);
        for (const cause of validateObject(once, schema)) expect(cause.message.length).toBeGreaterThan(0);
        validateObjectMeta(obj['metadata'], { namespaced: true, nameValidation: 'dns1123-subdomain' });
      }),
      { numRuns: 500 },
    );
  });

  it('validates arbitrary CRD-shaped input without throwing', () => {
    fc.assert(
      fc.property(json, (spec) => {
        const crd = { metadata: { name: 'a.b.c' }, spec };
        expect(Array.isArray(validateCrd(crd))).toBe(true);
        crdNames(crd);
      }),
      { numRuns: 500 },
    );
  });

  it('evaluates JSONPaths over arbitrary objects without throwing', () => {
    fc.assert(
      fc.property(json, fc.constantFrom('.spec.size', '.spec.ports[0].name', '..name', '.spec.ports[?(@.name=="a")]', '.*', '.spec.tags[-1]', '.spec.tags[0:2]'), (obj, path) => {
        expect(Array.isArray(evaluateJsonPathAll(obj, path))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
