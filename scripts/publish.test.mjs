// scripts/publish.mjs's tarball check on made-up tarball contents (the real tarballs go through it in
// installed.test.mjs, before `npm publish --dry-run`).
import { describe, expect, it } from 'vitest';
import { tarballProblems } from './publish.mjs';

const good = {
  files: ['package.json', 'LICENSE', 'README.md', 'dist/index.js', 'dist/index.d.ts', 'dist/bin/op.js', 'dist/sub/a.js'],
  manifest: {
    name: '@opkit/x', version: '1.2.3', main: './dist/index.js', types: './dist/index.d.ts', bin: { op: './dist/bin/op.js' },
    exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js', default: './dist/index.js' }, './sub/*': './dist/sub/*.js', './package.json': './package.json' },
    dependencies: { '@opkit/json': '1.2.3', yaml: '^2.9.1' },
  },
};

describe('tarballProblems', () => {
  it('accepts a complete tarball with real versions', () => {
    expect(tarballProblems(good)).toEqual([]);
  });

  it('names a workspace: (or link:, file:) dependency that pnpm pack did not rewrite', () => {
    const manifest = { ...good.manifest, dependencies: { '@opkit/json': 'workspace:*' }, peerDependencies: { rxjs: 'link:../rxjs' } };
    expect(tarballProblems({ ...good, manifest })).toEqual([
      '@opkit/x@1.2.3: dependencies.@opkit/json is "workspace:*", which npm cannot install from the registry',
      '@opkit/x@1.2.3: peerDependencies.rxjs is "link:../rxjs", which npm cannot install from the registry',
    ]);
  });

  it('names an exported, typed or bin file that is not in the tarball, and a missing LICENSE', () => {
    const files = good.files.filter((file) => file !== 'dist/index.d.ts' && file !== 'LICENSE' && file !== 'dist/bin/op.js' && file !== 'dist/sub/a.js');
    expect(tarballProblems({ ...good, files })).toEqual([
      '@opkit/x@1.2.3: dist/index.d.ts is named by package.json (exports, main, types or bin) but not in the tarball',
      '@opkit/x@1.2.3: dist/sub/*.js is named by package.json (exports, main, types or bin) but not in the tarball',
      '@opkit/x@1.2.3: dist/bin/op.js is named by package.json (exports, main, types or bin) but not in the tarball',
      '@opkit/x@1.2.3: no LICENSE file',
    ]);
  });

  it('refuses a private package', () => {
    expect(tarballProblems({ ...good, manifest: { ...good.manifest, private: true } })).toEqual(['@opkit/x@1.2.3 is private']);
  });
});
