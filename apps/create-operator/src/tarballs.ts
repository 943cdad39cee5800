// The test hook CREATE_OPERATOR_PKG_DIR: a folder of packed packages (`pnpm pack` output) that a new
// project installs instead of the registry's releases, so the scaffold → install → test loop runs
// offline against unreleased code. Each tarball's package name is read from its own package.json
// rather than guessed from the file name.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The tar header field `[offset, length)` as text, up to its first NUL. */
function field(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? raw.length : end).toString('utf8');
}

/**
 * The text of `wanted` inside a gzipped tar archive (`package/package.json` in an npm tarball), or
 * `undefined` when absent. Plain ustar entries only, which is what npm and pnpm write for it.
 */
export function readFileFromTarball(tgz: Buffer, wanted: string): string | undefined {
  const tar = gunzipSync(tgz);
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    const name = field(header, 0, 100);
    if (name === '') return undefined;
    const prefix = field(header, 345, 155);
    const path = prefix === '' ? name : `${prefix}/${name}`;
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = field(header, 156, 1);
    const body = offset + 512;
    if ((type === '' || type === '0') && path === wanted) return tar.subarray(body, body + size).toString('utf8');
    offset = body + Math.ceil(size / 512) * 512;
  }
  return undefined;
}

/**
 * Package name → absolute path, for every `*.tgz` in `dir`.
 *
 * @throws {Error} when the folder cannot be read or a tarball has no readable package.json.
 */
export function readTarballs(dir: string): Map<string, string> {
  const absolute = resolve(dir);
  let names: string[];
  try {
    names = readdirSync(absolute).filter((name) => name.endsWith('.tgz')).sort();
  } catch (error) {
    throw new Error(`CREATE_OPERATOR_PKG_DIR=${dir}: cannot read the folder (${(error as Error).message}); point it at a folder of packed .tgz files`, {
      cause: error,
    });
  }
  const found = new Map<string, string>();
  for (const name of names) {
    const path = join(absolute, name);
    const manifest = readFileFromTarball(readFileSync(path), 'package/package.json');
    const pkgName = manifest === undefined ? undefined : (JSON.parse(manifest) as { name?: unknown }).name;
    if (typeof pkgName !== 'string') throw new Error(`${path}: no package/package.json with a name inside; is it an npm tarball?`);
    found.set(pkgName, path);
  }
  return found;
}
