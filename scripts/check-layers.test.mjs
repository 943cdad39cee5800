// Proves the layer check catches each kind of forbidden import (fixtures under fixtures/), and
// that the CLI fails with a message naming the rule.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLayers } from './check-layers.mjs';

const fixture = (name) => join(import.meta.dirname, 'fixtures', name);

describe('checkLayers', () => {
  it('passes a workspace that follows every rule (tests may import client-node and the API server)', () => {
    expect(checkLayers(fixture('clean'))).toEqual([]);
  });

  it.each([
    ['layer1-imports-layer1', 'layers', 'packages/state/src/index.ts', /layer-2 packages never import each other/],
    ['client-node-outside-kube', 'client-node-only-in-kube', 'packages/state/src/index.ts', /only @opkit\/kube may/],
    ['deep-import', 'public-entry', 'apps/op/src/main.ts', /import '@opkit\/watching' \(its public entry\)/],
    ['cycle', 'no-cycles', 'packages/state/src/a.ts', /a\.ts → packages\/state\/src\/b\.ts → packages\/state\/src\/a\.ts/],
    ['tsyringe-in-library', 'tsyringe-only-in-root', 'packages/state/src/index.ts', /composition root/],
  ])('reports %s as a violation of rule %s', (name, rule, file, message) => {
    const violations = checkLayers(fixture(name));
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({ rule, file });
    expect(violations[0].message).toMatch(message);
  });

  it('fails on the command line with the rule named, and passes a clean workspace', () => {
    const bad = spawnSync(process.execPath, [join(import.meta.dirname, 'check-layers.mjs'), '--root', fixture('layer1-imports-layer1')], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('[layers]');
    expect(bad.stdout).toContain('layer check failed: 1 violation');
    const good = spawnSync(process.execPath, [join(import.meta.dirname, 'check-layers.mjs'), '--root', fixture('clean')], { encoding: 'utf8' });
    expect(good.status).toBe(0);
  }, 60_000); // two child processes loading the TypeScript parser: slow on a busy CI machine
});
