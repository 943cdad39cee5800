// Checks Opkit's bytes against vectors computed in CPython with a transcription of Kopf 1.44's
// storages and key conventions (test/kopf-vectors.json): random bodies with foreign storage
// annotations, kubectl's annotation, extra and ignored fields; random handler ids; random JSON.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { annotationKeys, encodeDiffBase, encodeJson, essence } from '../src/index.js';
import type { PersistenceProfileName } from '../src/index.js';

interface Vectors {
  readonly essences: { profile: PersistenceProfileName; extraFields: string[]; ignoredFields: string[]; body: unknown; diffBase: string }[];
  readonly keys: { id: string; kopf: string[]; long: string[] }[];
  readonly json: { json: string; python: string }[];
}

const vectors = JSON.parse(readFileSync(new URL('./kopf-vectors.json', import.meta.url), 'utf8')) as Vectors;

describe('Kopf vectors', () => {
  it('diff-bases match Kopf byte for byte', () => {
    expect(vectors.essences.length).toBeGreaterThanOrEqual(40);
    for (const vector of vectors.essences) {
      const result = encodeDiffBase(essence(vector.body, {
        profile: vector.profile, extraFields: vector.extraFields, ignoredFields: vector.ignoredFields,
      }));
      expect(result, JSON.stringify(vector.body)).toBe(vector.diffBase);
    }
  });

  it('annotation keys match Kopf\'s v2-then-v1 keys, for Kopf\'s prefix and a long one', () => {
    for (const vector of vectors.keys) {
      expect(annotationKeys(vector.id, { profile: 'kopf' })).toEqual(vector.kopf);
      expect(annotationKeys(vector.id, { prefix: 'a-much-longer-prefix.example.com', v1: true })).toEqual(vector.long);
    }
  });

  it('JSON matches Python json.dumps(separators=(",", ":"))', () => {
    for (const vector of vectors.json) expect(encodeJson(JSON.parse(vector.json))).toBe(vector.python);
  });
});
