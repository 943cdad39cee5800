// package.json#opkit: defaults, every field, and an error per bad field naming what was expected.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManifestsError } from './errors.js';
import { readProjectConfig } from './projectConfig.js';

describe('readProjectConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'opkit-config-'));
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src/operator.ts'), '');
  });
  afterEach(() => { rmSync(dir, { recursive: true, force: true }); });

  const write = (pkg: unknown): void => writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
  const fails = (pkg: unknown, message: string | RegExp): void => {
    write(pkg);
    expect(() => readProjectConfig(dir)).toThrow(ManifestsError);
    expect(() => readProjectConfig(dir)).toThrow(message);
  };

  it('fills in the defaults of deploy from the package name', () => {
    write({ name: '@acme/Greeting_Operator', opkit: { entry: 'src/operator.ts', crds: 'deploy/crds' } });
    expect(readProjectConfig(dir)).toEqual({
      dir, packageName: '@acme/Greeting_Operator', entry: ['src/operator.ts'], crds: 'deploy/crds',
      deploy: { dir: 'deploy', name: 'greeting-operator', namespace: 'greeting-operator', watch: 'all', webhooks: { certManager: false }, leaderElection: false, sharding: false },
    });
  });

  it('reads every field as given', () => {
    write({ name: 'x', opkit: { entry: ['src/operator.ts'], samples: 'samples', scaffold: { template: 'minimal' }, deploy: { dir: 'k8s/', name: 'op', namespace: 'ops', watch: 'own-namespace' } } });
    expect(readProjectConfig(dir)).toMatchObject({ entry: ['src/operator.ts'], samples: 'samples', deploy: { dir: 'k8s', name: 'op', namespace: 'ops', watch: 'own-namespace' } });
  });

  it('names the missing file or field, and what was expected', () => {
    expect(() => readProjectConfig(dir)).toThrow(`${dir} has no package.json`);
    fails({ name: 'x' }, /has no "opkit" field: add \{ "opkit": \{ "entry": "src\/operator\.ts"/);
    fails({ name: 'x', opkit: [] }, 'package.json#opkit must be an object; got [].');
    fails({ name: 'x', opkit: {} }, /package\.json#opkit\.entry must be the operator's entry file, e\.g\. "src\/operator\.ts"/);
    fails({ name: 'x', opkit: { entry: 'src/missing.ts' } }, 'package.json#opkit.entry names "src/missing.ts", which does not exist');
    fails({ name: 'x', opkit: { entry: '/abs/operator.ts' } }, 'package.json#opkit.entry must be a path relative to the project, not an absolute one');
    fails({ name: 'x', opkit: { entry: 'src/operator.ts', entri: 1 } }, 'package.json#opkit has an unknown field "entri"');
    fails({ name: 'x', opkit: { entry: 'src/operator.ts', deploy: { watch: 'some' } } }, 'package.json#opkit.deploy.watch must be "all" or "own-namespace"; got "some".');
    fails({ name: 'x', opkit: { entry: 'src/operator.ts', deploy: { name: 'Bad Name' } } }, /package\.json#opkit\.deploy\.name must be a lower-case DNS name/);
    fails({ name: 'x', opkit: { entry: 'src/operator.ts', deploy: { namespace: 'a.b' } } }, /package\.json#opkit\.deploy\.namespace must be a namespace name/);
    fails({ name: 'x', opkit: { entry: 'src/operator.ts', deploy: { dir: '../out' } } }, /package\.json#opkit\.deploy\.dir must be a directory inside the project/);
    fails({ name: 'x', opkit: { entry: 'src/operator.ts', deploy: { replicas: 2 } } }, 'package.json#opkit.deploy has an unknown field "replicas"');
    fails({ name: 'x', opkit: { entry: 'src/operator.ts', deploy: { leaderElection: 'yes' } } }, 'package.json#opkit.deploy.leaderElection must be true or false (the operator runs with op run --leader-elect); got "yes".');
    fails({ name: 'x', opkit: { entry: 'src/operator.ts', deploy: { leaderElection: true, sharding: true } } }, 'package.json#opkit.deploy.leaderElection and deploy.sharding exclude each other');
    writeFileSync(join(dir, 'package.json'), '{ nope');
    expect(() => readProjectConfig(dir)).toThrow(/package\.json is not valid JSON/);
  });
});
