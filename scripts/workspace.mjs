// Lists the workspace's packages (folder, name, package.json) from pnpm-workspace.yaml's globs.
// Shared by the test runner, the summary and the layer check so they agree on what "every package" is.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

/** The workspace globs we support: `dir/*` and plain `dir`. */
function workspaceGlobs(root) {
  const text = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const globs = [];
  let inPackages = false;
  for (const line of text.split('\n')) {
    if (/^packages:\s*$/.test(line)) inPackages = true;
    else if (/^\S/.test(line)) inPackages = false;
    else if (inPackages) {
      const m = /^\s*-\s*['"]?([^'"#\s]+)['"]?/.exec(line);
      if (m) globs.push(m[1]);
    }
  }
  return globs;
}

/** @returns {{ dir: string, name: string, manifest: any }[]} */
export function listWorkspacePackages(root = ROOT) {
  const result = [];
  for (const glob of workspaceGlobs(root)) {
    const parent = join(root, glob.endsWith('/*') ? glob.slice(0, -2) : glob);
    if (!existsSync(parent)) continue;
    const dirs = glob.endsWith('/*')
      ? readdirSync(join(root, glob.slice(0, -2)), { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => join(glob.slice(0, -2), d.name))
      : [glob];
    for (const dir of dirs) {
      const manifestPath = join(root, dir, 'package.json');
      if (!existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
      result.push({ dir, name: manifest.name, manifest });
    }
  }
  return result;
}
