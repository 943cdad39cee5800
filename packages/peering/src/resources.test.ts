import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { peeringCrds, peeringObjects, peeringSelectors } from './resources.js';

describe('peeringCrds', () => {
  it('are the manifests committed in manifests/peering.yaml (with the default objects)', () => {
    const text = readFileSync(new URL('../manifests/peering.yaml', import.meta.url), 'utf8');
    const documents = parseAllDocuments(text).map((document) => document.toJSON() as unknown).filter((document) => document !== null);
    expect(documents).toEqual([...peeringCrds(), ...peeringObjects()]);
  });
});

describe('peeringSelectors', () => {
  it('looks for kopf.dev first, then the legacy zalando.org group', () => {
    expect(peeringSelectors(true)).toEqual([{ group: 'kopf.dev', version: 'v1', plural: 'clusterkopfpeerings' }, { group: 'zalando.org', version: 'v1', plural: 'clusterkopfpeerings' }]);
    expect(peeringSelectors(false).map((selector) => selector.plural)).toEqual(['kopfpeerings', 'kopfpeerings']);
  });
});
