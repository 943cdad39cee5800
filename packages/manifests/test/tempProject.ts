// A test project copied to a temporary directory outside the repository, with a node_modules link
// to this package's dependencies so that its '@opkit/*' imports resolve; removed by `remove()`.
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const nodeModules = fileURLToPath(new URL('../node_modules/', import.meta.url));

/** A copied test project. */
export interface TempProject {
  /** The project directory. */
  readonly dir: string;
  /** Remove everything. */
  remove(): void;
}

/** Copy `fixtures/<name>` (and the shared `api.ts`) to a temporary directory. */
export function tempProject(name: string): TempProject {
  const root = mkdtempSync(join(tmpdir(), 'opkit-manifests-'));
  cpSync(join(fixtures, 'api.ts'), join(root, 'api.ts'));
  const dir = join(root, name);
  cpSync(join(fixtures, name), dir, { recursive: true });
  symlinkSync(nodeModules, join(root, 'node_modules'), 'dir');
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
}
