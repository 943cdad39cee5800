// Hostile input: whatever JSON a client sends, every patch algorithm either returns a JSON value or
// throws a PatchError with a 4xx/5xx status — never a TypeError, never a prototype change, never a
// mutated input. The server's fuzz test relies on this at the HTTP level; these check it at the source.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyJsonPatch } from './jsonPatch.js';
import { applyMergePatch } from './mergePatch.js';
import { applyStrategicMergePatch } from './strategicMergePatch.js';
import { applyServerSideApply } from './serverSideApply.js';
import { parseApplyBody } from './applyBody.js';
import { PatchError } from './patchError.js';
import { jsonClone } from './json.js';

/** Runs `run`; a PatchError counts as a clean answer, anything else fails the property. */
function cleanly(run: () => unknown): void {
  try {
    const result = run();
    expect(() => JSON.stringify(result)).not.toThrow();
  } catch (error) {
    if (!(error instanceof PatchError)) throw error;
    expect([400, 409, 413, 422, 500]).toContain(error.status);
  }
}

const key = fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', '$patch', '$retainKeys', 'name', 'containers', 'metadata', 'spec', 'finalizers', '$setElementOrder/containers', '$deleteFromPrimitiveList/finalizers'));
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, false, 0, 1, -1, 'delete', 'replace', 'merge', 'x'),
    fc.string(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 5 }),
  ),
}));
const pointer = fc.array(fc.oneof(fc.string(), fc.constantFrom('0', '1', '-', '01', '~', '__proto__', 'spec')), { maxLength: 4 }).map((tokens) => tokens.map((t) => `/${t}`).join(''));
const operation = fc.oneof(
  fc.record({ op: fc.constantFrom('add', 'remove', 'replace', 'move', 'copy', 'test', 'bogus'), path: pointer, from: pointer, value }, { requiredKeys: ['op'] }),
  value,
);

describe('patch algorithms on hostile input', () => {
  it('applyJsonPatch answers any body with a result or a PatchError (property)', () => {
    fc.assert(
      fc.property(value, fc.oneof(fc.array(operation, { maxLength: 6 }), value), (target, ops) => {
        const snapshot = jsonClone(target);
        cleanly(() => applyJsonPatch(target, ops));
        expect(target).toEqual(snapshot);
      }),
      { numRuns: 300 },
    );
  });

  it('applyMergePatch and applyStrategicMergePatch answer any body cleanly (property)', () => {
    const kinds = fc.constantFrom(
      { group: 'apps', version: 'v1', kind: 'Deployment' },
      { group: '', version: 'v1', kind: 'Pod' },
      { group: 'example.com', version: 'v1', kind: 'Widget' },
    );
    fc.assert(
      fc.property(value, value, kinds, (target, patch, kind) => {
        const snapshot = [jsonClone(target), jsonClone(patch)];
        cleanly(() => applyMergePatch(target, patch));
        cleanly(() => applyStrategicMergePatch(target, patch, kind));
        expect([target, patch]).toEqual(snapshot);
      }),
      { numRuns: 300 },
    );
  });

  it('applyServerSideApply answers any configuration cleanly (property)', () => {
    const config = fc.dictionary(key, value, { maxKeys: 5 }).map((object) => ({ apiVersion: 'v1', kind: 'Pod', ...object }));
    fc.assert(
      fc.property(fc.option(config, { nil: undefined }), config, fc.boolean(), (live, applied, force) => {
        const snapshot = [jsonClone(live), jsonClone(applied)];
        cleanly(() => applyServerSideApply(live, applied, { fieldManager: 'fuzz', force, now: '2026-01-02T03:04:05Z' }).object);
        expect([live, applied]).toEqual(snapshot);
      }),
      { numRuns: 300 },
    );
  });

  it('parseApplyBody answers any text with an object or a 400 (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        try {
          parseApplyBody(text);
        } catch (error) {
          expect(error).toBeInstanceOf(PatchError);
          expect((error as PatchError).status).toBe(400);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never changes Object.prototype', () => {
    applyMergePatch({}, JSON.parse('{"__proto__":{"polluted":1}}'));
    applyStrategicMergePatch({}, JSON.parse('{"__proto__":{"polluted":1}}'), { group: '', version: 'v1', kind: 'Pod' });
    applyJsonPatch({}, [{ op: 'add', path: '/__proto__', value: { polluted: 1 } }]);
    applyServerSideApply(undefined, JSON.parse('{"apiVersion":"v1","kind":"Pod","__proto__":{"polluted":1}}'), { fieldManager: 'm', force: false, now: 'x' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
