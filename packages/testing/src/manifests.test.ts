// The manifest reader shared by env.apply, startTestEnv's CRDs and expectCoveredBy: files, directories,
// YAML text with several documents and Lists, objects, and clear errors for a missing path.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeManifests, parseManifests } from './manifests.js';

const dir = mkdtempSync(join(tmpdir(), 'opkit-manifests-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parseManifests', () => {
  it('reads files, directories (their YAML files by name), text with several documents, Lists and objects', () => {
    mkdirSync(join(dir, 'crds'));
    writeFileSync(join(dir, 'crds', 'b.yaml'), 'kind: B\n');
    writeFileSync(join(dir, 'crds', 'a.yml'), 'kind: A\n---\n---\nkind: A2\n');
    writeFileSync(join(dir, 'crds', 'notes.txt'), 'kind: ignored\n');
    writeFileSync(join(dir, 'list.yaml'), 'kind: List\nitems:\n  - kind: L1\n  - kind: L2\n');
    const objects = parseManifests([join(dir, 'crds'), join(dir, 'list.yaml'), 'kind: T\n---\nkind: U\n', { kind: 'O', metadata: {} }]);
    expect(objects.map((o) => o.kind)).toEqual(['A', 'A2', 'B', 'L1', 'L2', 'T', 'U', 'O']);
    expect(parseManifests(join(dir, 'list.yaml'))).toHaveLength(2);
    expect(describeManifests(join(dir, 'list.yaml'))).toBe(join(dir, 'list.yaml'));
  });

  it('says when a path does not exist instead of reading it as YAML', () => {
    expect(() => parseManifests('deploy/crds')).toThrow('Cannot read manifests from "deploy/crds": no such file (expected a path to a YAML file, YAML text, or objects).');
    expect(() => parseManifests('missing.yaml')).toThrow(/no such file/);
    expect(parseManifests('{ kind: Inline }')).toEqual([{ kind: 'Inline' }]);
  });
});
