// Writing a project into a directory that may already hold a fresh repository's files.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RenderedFile } from './render.js';
import { mergeGitignore, planWrites, writeProject } from './write.js';

const file = (path: string, content: string, mode = 0o644): RenderedFile => ({ path, content: Buffer.from(content), mode });
const FILES = [file('.gitignore', 'node_modules/\n.opkit/\n*.tgz\n'), file('README.md', '# ours\n'), file('AGENTS.md', 'ours'), file('src/a.ts', 'a'), file('run.sh', 'x', 0o755)];

describe('planWrites', () => {
  it('writes everything into an empty directory', () => {
    expect(planWrites(FILES, []).map((p) => p.action)).toEqual(['write', 'write', 'write', 'write', 'write']);
  });
  it('merges .gitignore and keeps the user\'s README.md and AGENTS.md', () => {
    expect(planWrites(FILES, ['.git', '.gitignore', 'README.md', 'AGENTS.md', 'LICENSE']).map((p) => [p.file.path, p.action])).toEqual([
      ['.gitignore', 'merge'], ['README.md', 'keep'], ['AGENTS.md', 'keep'], ['src/a.ts', 'write'], ['run.sh', 'write'],
    ]);
  });
});

describe('mergeGitignore', () => {
  it('appends only the lines the user lacks', () => {
    expect(mergeGitignore('# Node\nnode_modules/\n.env\n', 'node_modules/\n.opkit/\n*.tgz\n')).toBe('# Node\nnode_modules/\n.env\n\n# Added by create-operator\n.opkit/\n*.tgz\n');
    expect(mergeGitignore('node_modules/\n.opkit/\n*.tgz', 'node_modules/\n.opkit/\n*.tgz\n')).toBe('node_modules/\n.opkit/\n*.tgz');
  });
});

describe('writeProject', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'create-operator-write-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the files with their modes, merging and keeping as planned', () => {
    writeFileSync(join(dir, '.gitignore'), '.env\n');
    writeFileSync(join(dir, 'README.md'), '# theirs\n');
    const written = writeProject(join(dir), planWrites(FILES, ['.gitignore', 'README.md']), []);
    expect(written).toEqual(['.gitignore', 'AGENTS.md', 'src/a.ts', 'run.sh']);
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe('# theirs\n');
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe('.env\n\n# Added by create-operator\nnode_modules/\n.opkit/\n*.tgz\n');
    expect(readFileSync(join(dir, 'src/a.ts'), 'utf8')).toBe('a');
    expect(statSync(join(dir, 'run.sh')).mode & 0o777).toBe(0o755);
  });

  it('removes what it is told to, but never .git', () => {
    mkdirSync(join(dir, '.git'));
    writeFileSync(join(dir, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    mkdirSync(join(dir, 'old'));
    writeFileSync(join(dir, 'old', 'x'), 'x');
    writeFileSync(join(dir, 'README.md'), 'old');
    writeProject(dir, planWrites(FILES, ['.git']), ['.git', 'old', 'README.md']);
    expect(existsSync(join(dir, 'old'))).toBe(false);
    expect(readFileSync(join(dir, '.git', 'HEAD'), 'utf8')).toBe('ref: refs/heads/main\n');
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe('# ours\n');
  });

  it('creates the directory and its parents', () => {
    writeProject(join(dir, 'a', 'b'), planWrites(FILES, []), []);
    expect(readFileSync(join(dir, 'a', 'b', 'src', 'a.ts'), 'utf8')).toBe('a');
  });
});
