// Proves the layer check catches each kind of forbidden import (fixtures under fixtures/), and
// that the CLI fails with a message naming the rule.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLayers, isTestFile } from './check-layers.mjs';
import { deadline } from '@opkit/test-tools';

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
    // Loopholes once open: a source folder named `fixtures` was skipped, and any `test/` folder counted as tests.
    ['fixtures-folder-is-checked', 'layers', 'packages/state/src/fixtures/sample.ts', /layer-2 packages never import each other/],
    ['nested-test-folder', 'client-node-only-in-kube', 'packages/state/src/test/helper.ts', /only @opkit\/kube may/],
    ['package-imports-app', 'packages-never-import-apps', 'packages/state/src/index.ts', /packages never import apps/],
    ['unknown-package', 'unknown-package', 'packages/mystery/package.json', /has no layer: add it to LAYERS/],
    // The test-only helpers: an app's sources may import any package but this one (its tests may).
    ['test-tools-outside-tests', 'test-tools-only-in-tests', 'apps/op/src/main.ts', /only tests may import/],
    ['relative-escape', 'public-entry', 'packages/state/src/index.ts', /reaches outside its package with '\.\.\/\.\.\/watching\/src\/index\.js'/],
    ['relative-escape-missing', 'public-entry', 'packages/state/src/index.ts', /reaches outside its package/],
    // Loophole once open: code re-exporting a test file, whose own imports (client-node here) are not checked.
    ['reexport-from-test', 'tests-stay-in-tests', 'packages/state/src/index.ts', /imports the test file packages\/state\/src\/sample\.test\.ts/],
  ])('reports %s as a violation of rule %s', (name, rule, file, message) => {
    const violations = checkLayers(fixture(name));
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({ rule, file });
    expect(violations[0].message).toMatch(message);
  });

  // Loophole once open: a require function made by createRequire, under any name, went unseen.
  it('sees what a createRequire-made require loads, whatever it is named or aliased', () => {
    const violations = checkLayers(fixture('create-require')).map(({ rule, file, line }) => `${file}:${line} ${rule}`);
    expect(violations).toEqual([
      'packages/state/src/aliased.ts:7 tsyringe-only-in-root', // makeRequire (an alias of createRequire), reassigned, then aliased again
      'packages/state/src/aliased.ts:8 client-node-only-in-kube', // mod.createRequire(url)(…)
      'packages/state/src/aliased.ts:9 client-node-only-in-kube', // plain require()
      'packages/state/src/index.ts:3 client-node-only-in-kube', // const load = createRequire(import.meta.url); load(…)
    ]);
  });

  // Loophole once open: a module loaded by a computed name, which no rule can judge.
  it('fails a computed import() or require() anywhere but the operator loader, tests included', () => {
    const violations = checkLayers(fixture('computed-import'));
    expect(violations.map(({ rule, file, line }) => `${file}:${line} ${rule}`)).toEqual([
      'packages/state/src/index.ts:3 no-computed-import', // import(name)
      'packages/state/src/more.ts:3 no-computed-import', // require(name)
      'packages/state/src/more.ts:4 no-computed-import', // createRequire(url)(`${name}`)
      'packages/state/src/more.ts:5 no-computed-import', // import('a' + 'b', { with: {} })
      'packages/state/test/support.test.ts:2 no-computed-import',
    ]);
    expect(violations[0].message).toMatch(/only the operator loader \(packages\/handlers\/src\/loader\.ts, loadOperator\) may/);
  });

  it('counts as tests only *.test/*.spec files and the package\'s top-level test/ folder', () => {
    expect(['src/a.test.ts', 'src/deep/b.spec.mjs', 'test/support.ts', 'test/fixtures/op.ts'].filter(isTestFile)).toHaveLength(4);
    expect(['src/test/helper.ts', 'src/fixtures/data.ts', 'lib/test/x.ts', 'src/testing.ts', 'src/a.bench.ts'].filter(isTestFile)).toEqual([]);
  });

  it('passes this repository, checking every source folder but its own fixtures', () => {
    expect(checkLayers()).toEqual([]);
  }, deadline(60_000));

  it('fails on the command line with the rule named, and passes a clean workspace', () => {
    const bad = spawnSync(process.execPath, [join(import.meta.dirname, 'check-layers.mjs'), '--root', fixture('layer1-imports-layer1')], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('[layers]');
    expect(bad.stdout).toContain('layer check failed: 1 violation');
    const good = spawnSync(process.execPath, [join(import.meta.dirname, 'check-layers.mjs'), '--root', fixture('clean')], { encoding: 'utf8' });
    expect(good.status).toBe(0);
  }, 60_000); // two child processes loading the TypeScript parser: slow on a busy CI machine
});
