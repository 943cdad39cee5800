// The templates shipped beside the bundle: each subfolder of templates/ is a real, compiling, tested
// operator project, and its package.json#opkit.scaffold names the identity (Kind, group, version,
// plural, scope, watch) that rendering replaces. Nothing else marks a template: adding a folder adds one.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A custom resource's identity. */
export interface ResourceIdentity {
  /** PascalCase, e.g. `Greeting`. */
  readonly kind: string;
  readonly group: string;
  readonly version: string;
  /** Lowercase plural, e.g. `greetings`. */
  readonly plural: string;
  readonly scope: Scope;
}

/** A custom resource's scope. */
export type Scope = 'Namespaced' | 'Cluster';
/** The scopes, in the order they are offered. */
export const SCOPES: readonly Scope[] = ['Namespaced', 'Cluster'];

/** Which namespaces the operator watches: all (ClusterRole) or the one it runs in (Role). */
export type WatchMode = 'all' | 'own-namespace';
/** The watch modes, in the order they are offered. */
export const WATCH_MODES: readonly WatchMode[] = ['all', 'own-namespace'];

/** One template folder and the names it is written with. */
export interface TemplateInfo {
  /** The folder name, e.g. `minimal`. */
  readonly name: string;
  /** Absolute path of the folder. */
  readonly dir: string;
  /** One line for the template menu (package.json `description`). */
  readonly hint: string;
  /** The project name the template uses (package.json `name`), e.g. `greeting-operator`. */
  readonly projectName: string;
  readonly resource: ResourceIdentity;
  readonly watch: WatchMode;
  /** The scopes the template works with (`opkit.scaffold.scopes`; default both): a template whose handlers create namespaced children needs a namespaced Kind. */
  readonly scopes: readonly Scope[];
}

/** The template every menu offers first and `--yes` picks. */
export const DEFAULT_TEMPLATE = 'minimal';

/** The templates/ folder beside this module (src/ in development, dist/ when bundled: both one level down). */
export function defaultTemplatesDir(): string {
  return fileURLToPath(new URL('../templates', import.meta.url));
}

/** A template folder that cannot be used, with the reason. */
export class TemplateError extends Error {
  override readonly name = 'TemplateError';
}

/**
 * The templates in `templatesDir`, `minimal` first, the others by name.
 *
 * @throws {TemplateError} when a folder's package.json lacks a valid `opkit.scaffold` block.
 */
export function listTemplates(templatesDir: string = defaultTemplatesDir()): TemplateInfo[] {
  if (!existsSync(templatesDir)) throw new TemplateError(`no templates folder at ${templatesDir}: the package is incomplete; reinstall create-operator`);
  const names = readdirSync(templatesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(templatesDir, entry.name, 'package.json')))
    .map((entry) => entry.name)
    .sort((a, b) => (a === DEFAULT_TEMPLATE ? -1 : b === DEFAULT_TEMPLATE ? 1 : a < b ? -1 : a > b ? 1 : 0));
  return names.map((name) => readTemplate(join(templatesDir, name), name));
}

/** Read one template's identity from its package.json. */
export function readTemplate(dir: string, name: string): TemplateInfo {
  const file = join(dir, 'package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as {
    name?: unknown;
    description?: unknown;
    opkit?: { scaffold?: Record<string, unknown> };
  };
  const scaffold = pkg.opkit?.scaffold;
  const text = (key: string): string => {
    const value = scaffold?.[key];
    if (typeof value !== 'string' || value === '') {
      throw new TemplateError(`${file}: opkit.scaffold.${key} must be a non-empty string (the template's ${key}, which rendering replaces)`);
    }
    return value;
  };
  if (typeof pkg.name !== 'string') throw new TemplateError(`${file}: "name" must be the template's project name, like greeting-operator`);
  const scope = text('scope');
  const watch = text('watch');
  if (!(SCOPES as readonly string[]).includes(scope)) throw new TemplateError(`${file}: opkit.scaffold.scope must be one of ${SCOPES.join(', ')}`);
  if (!(WATCH_MODES as readonly string[]).includes(watch)) throw new TemplateError(`${file}: opkit.scaffold.watch must be one of ${WATCH_MODES.join(', ')}`);
  const scopes = scaffold?.scopes ?? SCOPES;
  if (!Array.isArray(scopes) || scopes.length === 0 || !scopes.every((item) => (SCOPES as readonly unknown[]).includes(item))) {
    throw new TemplateError(`${file}: opkit.scaffold.scopes must be a non-empty list of ${SCOPES.join(', ')}`);
  }
  if (!(scopes as readonly string[]).includes(scope)) throw new TemplateError(`${file}: opkit.scaffold.scope must be one of opkit.scaffold.scopes`);
  return {
    name,
    dir,
    scopes: scopes as Scope[],
    hint: typeof pkg.description === 'string' ? pkg.description : '',
    projectName: pkg.name,
    resource: { kind: text('kind'), group: text('group'), version: text('version'), plural: text('plural'), scope: scope as Scope },
    watch: watch as WatchMode,
  };
}
