// The one file rendering rewrites by structure rather than by name: package.json. The new project
// records its scaffold inputs (so it can be re-rendered or upgraded later), names its deployment,
// and turns the template's `workspace:*` dependencies into a published range — or, for testing
// unreleased packages, into `file:` tarballs plus overrides so that transitive @opkit packages come
// from the same tarballs.
import type { PackageManager } from './packageManager.js';
import type { ResourceIdentity, WatchMode } from './templates.js';

/** What the new package.json says. */
export interface PackageJsonInput {
  readonly projectName: string;
  readonly template: string;
  readonly resource: ResourceIdentity;
  readonly watch: WatchMode;
  readonly scaffolderVersion: string;
  readonly opkitRange: string;
  readonly tarballs?: ReadonlyMap<string, string>;
  readonly pm: PackageManager;
}

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;

type Json = Record<string, unknown>;

function objectAt(parent: Json, key: string): Json {
  const value = parent[key];
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Json;
  const created: Json = {};
  parent[key] = created;
  return created;
}

/**
 * Rewrite a template's package.json (already renamed by tokens) for the new project.
 *
 * @throws {Error} when `tarballs` is given and lacks a package the template depends on with `workspace:`.
 */
export function transformPackageJson(text: string, input: PackageJsonInput): string {
  const pkg = JSON.parse(text) as Json;
  pkg.name = input.projectName;

  const opkit = objectAt(pkg, 'opkit');
  const deploy = objectAt(opkit, 'deploy');
  deploy.name = input.projectName;
  deploy.namespace = input.projectName;
  deploy.watch = input.watch;
  opkit.scaffold = {
    template: input.template,
    kind: input.resource.kind,
    group: input.resource.group,
    version: input.resource.version,
    plural: input.resource.plural,
    scope: input.resource.scope,
    watch: input.watch,
    createOperator: input.scaffolderVersion,
  };

  for (const field of DEPENDENCY_FIELDS) {
    const deps = pkg[field];
    if (deps === null || typeof deps !== 'object') continue;
    for (const [name, spec] of Object.entries(deps as Record<string, unknown>)) {
      if (typeof spec !== 'string' || !spec.startsWith('workspace:')) continue;
      (deps as Json)[name] = input.tarballs ? `file:${tarballFor(input.tarballs, name)}` : input.opkitRange;
    }
  }

  if (input.tarballs && input.tarballs.size > 0) {
    // Every packed @opkit package, including those only reached through another: without an override, the
    // registry would be asked for a version that may not be published yet.
    const overrides: Json = {};
    for (const [name, path] of [...input.tarballs].sort(([a], [b]) => (a < b ? -1 : 1))) {
      // Only the framework's packages: the folder may also hold create-operator's own tarball.
      if (name.startsWith('@opkit/')) overrides[name] = `file:${path}`;
    }
    if (input.pm === 'pnpm') Object.assign(objectAt(objectAt(pkg, 'pnpm'), 'overrides'), overrides);
    else if (input.pm === 'yarn') Object.assign(objectAt(pkg, 'resolutions'), overrides);
    else Object.assign(objectAt(pkg, 'overrides'), overrides);
  }
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

function tarballFor(tarballs: ReadonlyMap<string, string>, name: string): string {
  const path = tarballs.get(name);
  if (path === undefined) {
    const found = [...tarballs.keys()].sort().join(', ') || 'none';
    throw new Error(`CREATE_OPERATOR_PKG_DIR has no tarball for ${name}, which the template depends on (found: ${found}); pack it there first`);
  }
  return path;
}
