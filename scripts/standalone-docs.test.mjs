// The repository's docs, READMEs and comments must stand alone: a reader of a clone (or of a package
// on the registry) has none of the notes the project was planned in (DESIGN.md, STYLE.md, the
// reference/*.md files such as kube-api.md, kopf-behaviour.md, peers.md). This test fails when any
// tracked file cites one, naming each file and line; and every published package ships the licence.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findTool, useTool } from '@opkit/test-tools';
import { describe, expect, it } from 'vitest';
import { publishablePackages } from './pack.mjs';
import { ROOT } from './workspace.mjs';

/** Names of the planning notes outside the repository. */
const CITATION = /\b(?:DESIGN\.md|STYLE\.md|kube-api\.md|kopf-behaviour\.md|peers\.md)|\breference\/[\w.-]+\.md|\.\.\/shared\//i;

/** Every tracked file's path (node_modules is never tracked). */
function trackedFiles(git) {
  return execFileSync(git, ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\0').filter(Boolean);
}

/** `file:line: text` for each line citing the notes. */
export function citationsIn(path, text) {
  const found = [];
  text.split('\n').forEach((line, index) => {
    if (CITATION.test(line)) found.push(`${path}:${index + 1}: ${line.trim()}`);
  });
  return found;
}

describe('the repository stands alone', () => {
  it('recognises each kind of citation, and not ordinary words', () => {
    expect(citationsIn('a.md', 'see DESIGN.md\nSTYLE.md says\n`kube-api.md`\nkopf-behaviour.md §3\npeers.md\n../shared/reference/x.md\nreference/watch.md')).toHaveLength(7);
    expect(citationsIn('a.md', 'docs/architecture.md, design decisions\nthe reference of an object\nREADME.md')).toEqual([]);
  });

  it('no tracked file cites DESIGN.md, STYLE.md or the reference notes', (ctx) => {
    const git = useTool(ctx, findTool('git')); // skipped with the reason without git (.ci/run does not install it)
    const self = 'scripts/standalone-docs.test.mjs';
    const found = [];
    for (const path of trackedFiles(git)) {
      if (path === self || path.includes('node_modules/') || path === 'pnpm-lock.yaml') continue;
      let text;
      try {
        text = readFileSync(join(ROOT, path), 'utf8');
      } catch {
        continue; // listed by git but absent in this checkout (a deleted, uncommitted file)
      }
      if (text.includes('\0')) continue; // binary
      found.push(...citationsIn(path, text));
    }
    expect(found).toEqual([]);
  });

  it('has an MIT LICENSE for the Opkit authors at the root, shipped by every published package', () => {
    const license = readFileSync(join(ROOT, 'LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) The Opkit authors\n/);
    for (const pkg of publishablePackages()) {
      expect(pkg.manifest.license, pkg.name).toBe('MIT');
      expect(readFileSync(join(ROOT, pkg.dir, 'LICENSE'), 'utf8'), `${pkg.dir}/LICENSE`).toBe(license);
      expect(pkg.manifest.files, `${pkg.name} files`).toContain('LICENSE');
    }
  });
});
