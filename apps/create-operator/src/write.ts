// Putting a rendered project on disk. A target directory may already hold what a fresh repository
// has (README.md, LICENSE, .gitignore, .git): the user's README and AGENTS.md are kept, the
// template's .gitignore lines are appended to theirs, and `.git` is never removed, even by --overwrite.
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RenderedFile } from './render.js';

/** What happens to one rendered file. */
export interface PlannedWrite {
  readonly file: RenderedFile;
  /** `write` a new file, `merge` into the existing .gitignore, or `keep` the user's file instead. */
  readonly action: 'write' | 'merge' | 'keep';
}

/** Files the user's copy of which wins over the template's. */
const USER_WINS = new Set(['README.md', 'AGENTS.md']);

/** Decide, for each rendered file, whether it is written, merged or skipped, given the entries that stay in the target. */
export function planWrites(files: readonly RenderedFile[], kept: readonly string[]): PlannedWrite[] {
  const existing = new Set(kept);
  return files.map((file) => {
    if (!existing.has(file.path)) return { file, action: 'write' };
    if (file.path === '.gitignore') return { file, action: 'merge' };
    if (USER_WINS.has(file.path)) return { file, action: 'keep' };
    return { file, action: 'write' };
  });
}

/** The user's .gitignore, followed by the template's lines it lacks. */
export function mergeGitignore(existing: string, template: string): string {
  const have = new Set(existing.split(/\r?\n/).map((line) => line.trim()));
  const missing = template.split(/\r?\n/).filter((line) => line.trim() !== '' && !line.startsWith('#') && !have.has(line.trim()));
  if (missing.length === 0) return existing;
  return `${existing.replace(/\n*$/, '\n')}\n# Added by create-operator\n${missing.join('\n')}\n`;
}

/**
 * Create `dir`, remove `remove` from it (never `.git`), and write the planned files.
 *
 * @returns the paths written or merged, in order.
 */
export function writeProject(dir: string, plan: readonly PlannedWrite[], remove: readonly string[]): string[] {
  mkdirSync(dir, { recursive: true });
  for (const entry of remove) {
    if (entry === '.git') continue;
    rmSync(join(dir, entry), { recursive: true, force: true });
  }
  const written: string[] = [];
  for (const { file, action } of plan) {
    if (action === 'keep') continue;
    const target = join(dir, ...file.path.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    if (action === 'merge') {
      writeFileSync(target, mergeGitignore(readFileSync(target, 'utf8'), file.content.toString('utf8')));
    } else {
      writeFileSync(target, file.content, { mode: file.mode });
      chmodSync(target, file.mode);
    }
    written.push(file.path);
  }
  return written;
}
