// The project conventions `op dev` shares with create-operator: where the operator's entry file, its
// CRDs and its sample objects are, and where op dev keeps its state (.opkit/). A flag wins over
// package.json's "opkit" section, which wins over the defaults.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';

/** An operator project as op dev sees it. */
export interface DevProject {
  /** The project folder (absolute). */
  readonly dir: string;
  /** A short name: package.json's name, else the folder's. */
  readonly name: string;
  /** The operator's entry file (absolute). */
  readonly entry: string;
  /** The CRD manifest files (absolute), sorted. */
  readonly crds: readonly string[];
  /** Where CRDs are read from (folder or file, absolute), if anywhere; watched for changes. */
  readonly crdsPath?: string | undefined;
  /** The sample object files (absolute), sorted. */
  readonly samples: readonly string[];
  /** op dev's state folder: `<dir>/.opkit`. */
  readonly stateDir: string;
}

/** A bad project: reported in one line, exit code 2. */
export class ProjectError extends Error {
  override readonly name = 'ProjectError';
}

interface OpkitSection {
  readonly entry?: unknown;
  readonly crds?: unknown;
  readonly samples?: unknown;
}

const MANIFEST = /\.(ya?ml|json)$/i;

function manifestsAt(path: string): string[] {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path).filter((name) => MANIFEST.test(name)).sort().map((name) => join(path, name));
}

/**
 * Find the project: the folder given (or the current one), its entry file, CRDs and samples.
 *
 * @throws ProjectError naming what is missing and how to point at it.
 * @example
 * ```ts
 * resolveProject({ cwd: process.cwd(), entry: 'examples/01-minimal/operator.ts', crds: 'examples/crd.yaml' });
 * ```
 */
export function resolveProject(options: { readonly cwd: string; readonly entry?: string | undefined; readonly crds?: string | undefined; readonly samples?: string | undefined }): DevProject {
  let dir = resolve(options.cwd);
  let entry: string | undefined;
  if (options.entry !== undefined) {
    const given = resolve(dir, options.entry);
    if (!existsSync(given)) throw new ProjectError(`${options.entry}: no such file or folder`);
    if (statSync(given).isDirectory()) dir = given;
    else entry = given;
  }
  let section: OpkitSection = {};
  let name = basename(dir);
  const manifestPath = join(dir, 'package.json');
  if (existsSync(manifestPath)) {
    let manifest: { name?: unknown; opkit?: unknown };
    try {
      manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as typeof manifest;
    } catch (error) {
      throw new ProjectError(`${manifestPath}: invalid JSON: ${(error as Error).message}`);
    }
    if (typeof manifest.name === 'string') name = manifest.name;
    if (manifest.opkit !== undefined) {
      if (typeof manifest.opkit !== 'object' || manifest.opkit === null) throw new ProjectError(`${manifestPath}: "opkit" must be an object such as {"entry": "src/operator.ts"}`);
      section = manifest.opkit;
      for (const key of ['entry', 'crds', 'samples'] as const) {
        if (section[key] !== undefined && typeof section[key] !== 'string') throw new ProjectError(`${manifestPath}: "opkit.${key}" must be a path (a string)`);
      }
    }
  }
  if (!entry) {
    const fromSection = section.entry as string | undefined;
    entry = resolve(dir, fromSection ?? join('src', 'operator.ts'));
    if (!existsSync(entry)) {
      const shown = relative(options.cwd, entry) || entry;
      throw new ProjectError(fromSection
        ? `${shown} (package.json "opkit.entry") does not exist`
        : `no operator found: ${shown} does not exist; give the file (op dev path/to/operator.ts) or set "opkit.entry" in package.json`);
    }
  }
  const pathOf = (flag: string | undefined, key: 'crds' | 'samples', fallback: string): string | undefined => {
    if (flag !== undefined) {
      const path = resolve(options.cwd, flag);
      if (!existsSync(path)) throw new ProjectError(`--${key} ${flag}: no such file or folder`);
      return path;
    }
    const configured = section[key] as string | undefined;
    if (configured !== undefined) {
      const path = resolve(dir, configured);
      if (!existsSync(path)) throw new ProjectError(`${relative(options.cwd, path) || path} (package.json "opkit.${key}") does not exist`);
      return path;
    }
    const path = join(dir, fallback);
    return existsSync(path) ? path : undefined;
  };
  const crdsPath = pathOf(options.crds, 'crds', join('deploy', 'crds'));
  const samplesPath = pathOf(options.samples, 'samples', 'samples');
  return {
    dir, name, entry, crdsPath,
    crds: crdsPath ? manifestsAt(crdsPath) : [],
    samples: samplesPath ? manifestsAt(samplesPath) : [],
    stateDir: join(dir, '.opkit'),
  };
}
