// Making sure `--data-dir` names a directory this process can write, before anything else runs. Node's
// recursive mkdir loops forever where mkdir answers ENOENT for a path whose parent exists (under /proc),
// so a bad path hung the server instead of failing. Here every missing component is created one at a
// time and each failure becomes one message: which path, what went wrong, what is expected.
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ApiServerError } from '../errors.js';

const EXPECTED = 'expected a directory this process can write, or a path where one can be created';

/** What an errno means for a data directory, in words. */
function explain(error: unknown, path: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
    case 'ERR_ACCESS_DENIED': // Node's permission model (--permission without --allow-fs-write for the path)
      return `permission denied on ${path}`;
    case 'EROFS':
      return `${path} is on a read-only file system`;
    case 'ENOTDIR':
      return `a component of ${path} is a file, not a directory`;
    case 'ENOENT':
      return `${path} cannot be created here (the file system refuses new directories)`;
    case 'ENOSPC':
      return `no space left on the device of ${path}`;
    default:
      return `${(error as Error).message}`;
  }
}

/**
 * The error of a data directory that cannot be used.
 *
 * @example
 * throw dataDirError('/proc/x', '/proc/x cannot be created here');
 */
export function dataDirError(dir: string, what: string, cause?: unknown): ApiServerError {
  return new ApiServerError('Persistence', `cannot use the data directory ${dir}: ${what}; ${EXPECTED}`, cause === undefined ? undefined : { cause });
}

/** An errno failure on `path` inside data directory `dir`, as a {@link dataDirError}. */
export function dataDirFailure(dir: string, path: string, error: unknown): ApiServerError {
  return dataDirError(dir, explain(error, path), error);
}

function kindAt(path: string): 'dir' | 'other' | 'missing' {
  try {
    return statSync(path).isDirectory() ? 'dir' : 'other';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ENOTDIR: a parent is a file; walking up finds it and names it.
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
    throw error;
  }
}

/**
 * Creates `dir` (and its missing parents) when absent. Throws an ApiServerError (code `Persistence`) that
 * names the path and the reason when it is, or would sit under, a file, or cannot be created. Whether the
 * directory is writable shows when its lock file is created next.
 *
 * @example
 * ensureDataDir('/tmp/opkit/data');
 */
export function ensureDataDir(dir: string): void {
  if (typeof dir !== 'string' || dir === '') throw dataDirError(JSON.stringify(dir), 'the path is empty');
  const missing: string[] = [];
  let current = resolve(dir);
  for (;;) {
    let kind: 'dir' | 'other' | 'missing';
    try {
      kind = kindAt(current);
    } catch (error) {
      throw dataDirFailure(dir, current, error);
    }
    if (kind === 'dir') break;
    if (kind === 'other') {
      throw dataDirError(dir, current === resolve(dir) ? `${current} exists and is not a directory` : `${current} is a file, not a directory`);
    }
    missing.unshift(current);
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const path of missing) {
    try {
      mkdirSync(path, { mode: 0o700 }); // only its owner may read what the server stores (Secrets included)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && kindAt(path) === 'dir') continue; // created meanwhile
      throw dataDirFailure(dir, path, error);
    }
  }
}
