// The published shape: `npm pack` must ship the bundle and every file of every template — including
// `_gitignore`, the reason templates carry their dotfiles under another name — and none of a
// template's local output (node_modules, reports, .turbo, dist, coverage, .opkit). And the bundle
// needs nothing installed beside it.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTemplateFiles } from '../src/render.js';
import { defaultTemplatesDir, listTemplates } from '../src/templates.js';
import { BIN, cleanEnv, scratch } from './helpers.js';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

/** The paths `npm pack --dry-run --json` would put in the tarball of the package in `dir`. */
function packedFiles(dir: string): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: dir, encoding: 'utf8', env: cleanEnv() });
  const [result] = JSON.parse(out) as [{ files: { path: string }[] }];
  return result.files.map((f) => f.path).sort();
}

/** What the tarball must hold: the bundle, package.json, README, LICENSE and every template file. */
function expectedFiles(templatesDir: string): string[] {
  const templates = listTemplates(templatesDir).flatMap((t) => listTemplateFiles(t.dir).map((f) => `templates/${t.name}/${f}`));
  return ['LICENSE', 'README.md', 'dist/index.js', 'package.json', ...templates].sort();
}

describe('the npm package', () => {
  let work: { dir: string; remove: () => void };
  beforeAll(() => {
    work = scratch('create-operator-pack-');
  });
  afterAll(() => work.remove());

  it('ships the bundle and every template file, _gitignore included', () => {
    const files = packedFiles(PACKAGE_DIR);
    expect(files).toEqual(expectedFiles(defaultTemplatesDir()));
    expect(files).toContain('templates/minimal/_gitignore');
  });

  it('leaves out a template\'s local output', () => {
    const copy = join(work.dir, 'create-operator');
    for (const part of ['package.json', 'README.md', 'LICENSE', 'dist', 'templates']) cpSync(join(PACKAGE_DIR, part), join(copy, part), { recursive: true });
    for (const junk of ['node_modules/x/index.js', 'reports/vitest.json', '.turbo/turbo-test.log', 'dist/x.js', 'coverage/index.html', '.opkit/state.json']) {
      const path = join(copy, 'templates', 'minimal', junk);
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, 'local output');
    }
    expect(packedFiles(copy)).toEqual(expectedFiles(join(copy, 'templates')));
  });

  it('has no runtime dependencies: the bundle holds them', () => {
    const pkg = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8'));
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.bin).toEqual({ 'create-operator': './dist/index.js' });
    const bundle = readFileSync(BIN, 'utf8');
    expect(bundle.startsWith('#!/usr/bin/env node\n')).toBe(true);
    // Only Node's own modules are imported.
    const imports = [...bundle.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((specifier) => !specifier!.startsWith('node:'))).toEqual([]);
  });
});
