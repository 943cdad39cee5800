// One server per data directory: two journals appending to the same file would interleave and
// corrupt it. A `LOCK` file created exclusively holds the owner's pid; a lock whose process is gone
// (the server was killed with -9) is taken over, so a crash never needs manual cleanup.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ApiServerError } from '../errors.js';

const LOCK = 'LOCK';

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, but owned by someone else
  }
}

/**
 * Takes the lock of `dir` for this process; returns the function that releases it.
 *
 * @throws ApiServerError (code `Persistence`) when a live process holds it (this one included: a
 *   second journal on the same directory in one process is refused too).
 * @example
 * const release = acquireLock('/tmp/data');
 * try { … } finally { release(); }
 */
export function acquireLock(dir: string): () => void {
  const path = join(dir, LOCK);
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSafe(path), 10);
      if (Number.isInteger(owner) && owner > 0 && processAlive(owner)) {
        throw new ApiServerError(
          'Persistence',
          `the data directory ${dir} is in use by process ${owner}${owner === process.pid ? ' (this process)' : ''}; stop that server or use another directory (if no such server runs, delete ${path})`,
        );
      }
      rmSync(path, { force: true }); // stale: its process is gone
      continue;
    }
    try {
      writeSync(fd, `${process.pid}\n`);
    } finally {
      closeSync(fd);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (readFileSafe(path).trim() === String(process.pid)) rmSync(path, { force: true });
    };
  }
  throw new ApiServerError('Persistence', `cannot take the lock ${path}: another process keeps re-creating it`);
}

function readFileSafe(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
