// Rendering a template folder into a project in memory: what is copied, skipped and renamed, and
// how package.json is rewritten (scaffold record, deployment names, dependency ranges, tarballs).
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyWatchMode, renderTemplate } from './render.js';
import type { RenderInput } from './render.js';
import { readTarballs } from './tarballs.js';
import { readTemplate } from './templates.js';
import type { TemplateInfo } from './templates.js';

const PACKAGE = {
  name: 'greeting-operator',
  version: '0.1.0',
  private: true,
  description: 'a test template',
  type: 'module',
  dependencies: { '@opkit/core': 'workspace:*', '@opkit/schema': 'workspace:^', yaml: '2.9.1' },
  devDependencies: { '@opkit/testing': 'workspace:*', vitest: '5.1.1' },
  opkit: {
    entry: 'src/operator.ts',
    deploy: { dir: 'deploy', name: 'greeting-operator', namespace: 'greeting-operator', watch: 'all' },
    scaffold: { template: 'tiny', kind: 'Greeting', group: 'example.com', version: 'v1alpha1', plural: 'greetings', scope: 'Namespaced', watch: 'all', createOperator: '0.1.0' },
  },
};

const FILES: Record<string, string | Buffer> = {
  'package.json': `${JSON.stringify(PACKAGE, null, 2)}\n`,
  'src/api/greeting.ts': "export const Greeting = defineResource({ group: 'example.com', version: 'v1alpha1', kind: 'Greeting', scope: 'Namespaced' });\n",
  'deploy/crds/greetings.example.com.yaml': 'metadata:\n  name: greetings.example.com\nspec:\n  scope: Namespaced\n',
  _gitignore: 'node_modules/\n',
  _dockerignore: 'node_modules\n',
  'bin/run.sh': '#!/bin/sh\necho greeting\n',
  'assets/logo.bin': Buffer.from([0x47, 0x72, 0x65, 0x65, 0x74, 0x69, 0x6e, 0x67, 0x00, 0x01]),
  'node_modules/x/index.js': 'skipped',
  'reports/vitest.json': '{}',
  '.turbo/log': 'skipped',
  'dist/index.js': 'skipped',
  'coverage/index.html': 'skipped',
  'tsconfig.tsbuildinfo': 'skipped',
  '.opkit/state': 'skipped',
};

let root: string;
let template: TemplateInfo;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'create-operator-render-'));
  for (const [path, content] of Object.entries(FILES)) {
    const file = join(root, 'tiny', path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  chmodSync(join(root, 'tiny', 'bin/run.sh'), 0o755);
  template = readTemplate(join(root, 'tiny'), 'tiny');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const input = (over: Partial<RenderInput> = {}): RenderInput => ({
  template,
  projectName: 'zoo-operator',
  resource: { kind: 'Zebra', group: 'z.test', version: 'v2', plural: 'zebras', scope: 'Namespaced' },
  watch: 'all',
  scaffolderVersion: '0.3.0',
  opkitRange: '^0.3.0',
  pm: 'npm',
  ...over,
});

const text = (files: ReturnType<typeof renderTemplate>, path: string): string => {
  const file = files.find((f) => f.path === path);
  if (!file) throw new Error(`${path} not rendered; got ${files.map((f) => f.path).join(', ')}`);
  return file.content.toString('utf8');
};

describe('renderTemplate', () => {
  it('reads the template identity from package.json#opkit.scaffold', () => {
    expect(template).toMatchObject({
      name: 'tiny', projectName: 'greeting-operator', hint: 'a test template', watch: 'all',
      resource: { kind: 'Greeting', group: 'example.com', version: 'v1alpha1', plural: 'greetings', scope: 'Namespaced' },
    });
  });

  it('copies every file but build output, renaming paths and dotfiles', () => {
    expect(renderTemplate(input()).map((f) => f.path)).toEqual([
      '.dockerignore', '.gitignore', 'assets/logo.bin', 'bin/run.sh', 'deploy/crds/zebras.z.test.yaml', 'package.json', 'src/api/zebra.ts',
    ]);
  });

  it('renames inside text files, keeps binary files byte for byte and executables executable', () => {
    const files = renderTemplate(input());
    expect(text(files, 'src/api/zebra.ts')).toBe("export const Zebra = defineResource({ group: 'z.test', version: 'v2', kind: 'Zebra', scope: 'Namespaced' });\n");
    expect(text(files, 'deploy/crds/zebras.z.test.yaml')).toBe('metadata:\n  name: zebras.z.test\nspec:\n  scope: Namespaced\n');
    expect(files.find((f) => f.path === 'assets/logo.bin')?.content).toEqual(FILES['assets/logo.bin']);
    expect(files.find((f) => f.path === 'bin/run.sh')?.mode).toBe(0o755);
    expect(files.find((f) => f.path === 'package.json')?.mode).toBe(0o644);
  });

  it('changes the scope declarations for a cluster-scoped resource', () => {
    const files = renderTemplate(input({ resource: { kind: 'Zebra', group: 'z.test', version: 'v2', plural: 'zebras', scope: 'Cluster' } }));
    expect(text(files, 'src/api/zebra.ts')).toContain("scope: 'Cluster'");
    expect(text(files, 'deploy/crds/zebras.z.test.yaml')).toContain('scope: Cluster');
  });

  it('serves only its own namespace with --watch own-namespace: the pod\'s namespace in the Deployment, the project\'s elsewhere', () => {
    const deployment = 'args: [run, src/operator.ts, --all-namespaces]\n';
    expect(applyWatchMode('deploy/operator.yaml', deployment, 'own-namespace', 'zoo-operator')).toBe('args: [run, src/operator.ts, --namespace=$(POD_NAMESPACE)]\n');
    expect(applyWatchMode('Dockerfile', 'CMD ["run", "src/operator.ts", "--all-namespaces"]', 'own-namespace', 'zoo-operator')).toBe('CMD ["run", "src/operator.ts", "--namespace=zoo-operator"]');
    expect(applyWatchMode('deploy/operator.yaml', deployment, 'all', 'zoo-operator')).toBe(deployment);
  });

  it('rewrites package.json: name, deployment, scaffold record, and workspace ranges', () => {
    const pkg = JSON.parse(text(renderTemplate(input({ watch: 'own-namespace' })), 'package.json'));
    expect(pkg.name).toBe('zoo-operator');
    expect(pkg.private).toBe(true);
    expect(pkg.dependencies).toEqual({ '@opkit/core': '^0.3.0', '@opkit/schema': '^0.3.0', yaml: '2.9.1' });
    expect(pkg.devDependencies).toEqual({ '@opkit/testing': '^0.3.0', vitest: '5.1.1' });
    expect(pkg.opkit.deploy).toEqual({ dir: 'deploy', name: 'zoo-operator', namespace: 'zoo-operator', watch: 'own-namespace' });
    expect(pkg.opkit.scaffold).toEqual({
      template: 'tiny', kind: 'Zebra', group: 'z.test', version: 'v2', plural: 'zebras', scope: 'Namespaced', watch: 'own-namespace', createOperator: '0.3.0',
    });
    expect(pkg.overrides).toBeUndefined();
    expect(Object.keys(pkg)).toEqual(Object.keys(PACKAGE)); // key order kept
  });

  describe('with packed tarballs (CREATE_OPERATOR_PKG_DIR)', () => {
    let packs: string;
    beforeAll(() => {
      packs = join(root, 'packs');
      for (const name of ['core', 'schema', 'testing', 'json', 'kube']) {
        const dir = join(root, 'pack-src', name, 'package');
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `@opkit/${name}`, version: '0.3.0' }));
        mkdirSync(packs, { recursive: true });
        execFileSync('tar', ['-czf', join(packs, `opkit-${name}-0.3.0.tgz`), '-C', join(root, 'pack-src', name), 'package']);
      }
      const self = join(root, 'pack-src', 'self', 'package');
      mkdirSync(self, { recursive: true });
      writeFileSync(join(self, 'package.json'), JSON.stringify({ name: 'create-operator', version: '0.3.0' }));
      execFileSync('tar', ['-czf', join(packs, 'create-operator-0.3.0.tgz'), '-C', join(root, 'pack-src', 'self'), 'package']);
      writeFileSync(join(packs, 'notes.txt'), 'not a tarball');
    });

    it('reads each tarball\'s package name from inside it', () => {
      const tarballs = readTarballs(packs);
      expect([...tarballs.keys()].sort()).toEqual(['@opkit/core', '@opkit/json', '@opkit/kube', '@opkit/schema', '@opkit/testing', 'create-operator']);
      expect(tarballs.get('@opkit/core')).toBe(join(packs, 'opkit-core-0.3.0.tgz'));
    });

    it('points workspace dependencies at the tarballs and overrides every packed package', () => {
      const tarballs = readTarballs(packs);
      const pkg = JSON.parse(text(renderTemplate(input({ tarballs })), 'package.json'));
      expect(pkg.dependencies['@opkit/core']).toBe(`file:${join(packs, 'opkit-core-0.3.0.tgz')}`);
      expect(pkg.devDependencies['@opkit/testing']).toBe(`file:${join(packs, 'opkit-testing-0.3.0.tgz')}`);
      expect(pkg.dependencies.yaml).toBe('2.9.1');
      expect(pkg.overrides).toEqual(Object.fromEntries([...tarballs].filter(([name]) => name.startsWith('@opkit/')).sort().map(([name, path]) => [name, `file:${path}`])));
      expect(Object.keys(pkg.overrides)).toHaveLength(5);
      // The same spec as the direct dependency, which npm requires of an override of a direct dependency.
      expect(pkg.overrides['@opkit/core']).toBe(pkg.dependencies['@opkit/core']);
    });

    it('uses the override field of the chosen package manager', () => {
      const tarballs = readTarballs(packs);
      const pnpm = JSON.parse(text(renderTemplate(input({ tarballs, pm: 'pnpm' })), 'package.json'));
      expect(pnpm.pnpm.overrides['@opkit/json']).toBe(`file:${join(packs, 'opkit-json-0.3.0.tgz')}`);
      expect(pnpm.overrides).toBeUndefined();
      const yarn = JSON.parse(text(renderTemplate(input({ tarballs, pm: 'yarn' })), 'package.json'));
      expect(yarn.resolutions['@opkit/kube']).toBe(`file:${join(packs, 'opkit-kube-0.3.0.tgz')}`);
      expect(yarn.overrides).toBeUndefined();
      const bun = JSON.parse(text(renderTemplate(input({ tarballs, pm: 'bun' })), 'package.json'));
      expect(bun.overrides['@opkit/kube']).toBe(`file:${join(packs, 'opkit-kube-0.3.0.tgz')}`);
      expect(bun.resolutions).toBeUndefined();
    });

    it('names a missing tarball', () => {
      const tarballs = new Map([['@opkit/core', '/p/core.tgz']]);
      expect(() => renderTemplate(input({ tarballs }))).toThrow(
        'CREATE_OPERATOR_PKG_DIR has no tarball for @opkit/schema, which the template depends on (found: @opkit/core); pack it there first',
      );
    });

    it('explains an unreadable folder and a file that is no npm tarball', () => {
      expect(() => readTarballs(join(root, 'nowhere'))).toThrow(/cannot read the folder .*point it at a folder of packed \.tgz files/);
      const bad = join(root, 'bad-packs');
      mkdirSync(join(root, 'bad-src', 'other'), { recursive: true });
      writeFileSync(join(root, 'bad-src', 'other', 'x.txt'), 'x');
      mkdirSync(bad, { recursive: true });
      execFileSync('tar', ['-czf', join(bad, 'x.tgz'), '-C', join(root, 'bad-src'), 'other']);
      expect(() => readTarballs(bad)).toThrow(/x\.tgz: no package\/package\.json with a name inside/);
    });
  });

  it('refuses a template folder without a scaffold block', () => {
    const dir = join(root, 'broken');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'x-operator', opkit: { scaffold: { kind: 'X' } } }));
    expect(() => readTemplate(dir, 'broken')).toThrow(/package\.json: opkit\.scaffold\.scope must be a non-empty string/);
  });
});
