import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveProject } from './project.js';

describe('resolveProject', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'opkit-project-')); });
  afterEach(() => { rmSync(dir, { recursive: true, force: true }); });
  const file = (path: string, text = ''): void => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };

  it('follows the conventions: src/operator.ts, deploy/crds/, samples/, .opkit/', () => {
    file('package.json', '{"name":"widgets"}');
    file('src/operator.ts');
    file('deploy/crds/b.yaml');
    file('deploy/crds/a.yml');
    file('deploy/crds/README.md');
    file('samples/one.yaml');
    expect(resolveProject({ cwd: dir })).toEqual({
      dir, name: 'widgets', entry: join(dir, 'src/operator.ts'), crdsPath: join(dir, 'deploy/crds'),
      crds: [join(dir, 'deploy/crds/a.yml'), join(dir, 'deploy/crds/b.yaml')], samples: [join(dir, 'samples/one.yaml')], stateDir: join(dir, '.opkit'),
    });
  });

  it('takes package.json "opkit" paths, and flags over them', () => {
    file('package.json', '{"name":"widgets","opkit":{"entry":"op.ts","crds":"crd.yaml","samples":"s"}}');
    file('op.ts');
    file('crd.yaml');
    file('other-crd.yaml');
    file('s/x.json');
    const project = resolveProject({ cwd: dir });
    expect([project.entry, project.crds, project.samples]).toEqual([join(dir, 'op.ts'), [join(dir, 'crd.yaml')], [join(dir, 's/x.json')]]);
    expect(resolveProject({ cwd: dir, crds: 'other-crd.yaml' }).crds).toEqual([join(dir, 'other-crd.yaml')]);
  });

  it('takes a file as the entry and a folder as the project', () => {
    file('a/src/operator.ts');
    file('lone.ts');
    expect(resolveProject({ cwd: dir, entry: 'lone.ts' })).toMatchObject({ dir, entry: join(dir, 'lone.ts'), crds: [], samples: [] });
    expect(resolveProject({ cwd: dir, entry: 'a' })).toMatchObject({ dir: join(dir, 'a'), entry: join(dir, 'a/src/operator.ts'), stateDir: join(dir, 'a/.opkit') });
  });

  it('says what is missing and how to point at it', () => {
    expect(() => resolveProject({ cwd: dir })).toThrow('no operator found: src/operator.ts does not exist; give the file (op dev path/to/operator.ts) or set "opkit.entry" in package.json');
    file('src/operator.ts');
    expect(() => resolveProject({ cwd: dir, samples: 'nope' })).toThrow('--samples nope: no such file or folder');
    file('package.json', '{"opkit":{"entry":7}}');
    expect(() => resolveProject({ cwd: dir })).toThrow('"opkit.entry" must be a path (a string)');
  });
});
