// The whole `op manifests` pipeline as functions: read the project configuration, load the operator
// in describe mode (importing registers its handlers; nothing connects), resolve what it handles and
// owns offline, and produce the CRD of every typed resource it uses (one CRD per kind, with every version
// its typed resources define and, for `on.convert`, the conversion stanza) and its RBAC — then compare
// them with the files on disk (drift) or write them.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadOperator } from '@opkit/core';
import type { Registry } from '@opkit/core';
import { isTypedResource } from '@opkit/schema';
import type { TypedResource } from '@opkit/schema';
import { ResourceCatalog, readCrdFiles } from './catalog.js';
import { deployedConversion, mergeCrdVersions, withConversion } from './conversions.js';
import { ManifestsError } from './errors.js';
import { readProjectConfig } from './projectConfig.js';
import type { ProjectConfig } from './projectConfig.js';
import { deriveRbac } from './rbac.js';
import type { RbacPlan } from './rbac.js';
import { GENERATED_MARKER, renderConversionPatch, renderCrd, renderRbac, renderWebhooks } from './render.js';
import { webhookManifests } from './webhooks.js';

/** Options of the manifests functions. */
export interface ManifestsOptions {
  /** The project directory (with package.json#opkit). */
  readonly dir: string;
}

/** What {@link generateManifests} produces. */
export interface GeneratedManifests {
  /** The generated files by path relative to the project (`deploy/crds/greetings.example.com.yaml`, `deploy/rbac.yaml`). */
  readonly files: Map<string, string>;
  /** The project configuration used. */
  readonly config: ProjectConfig;
  /** The RBAC before rendering. */
  readonly rbac: RbacPlan;
}

/** What {@link checkManifests} finds. */
export interface ManifestsDrift {
  /** Every file that differs from what would be generated: missing, changed or extra (sorted). */
  readonly drifted: string[];
  /** Generated files that do not exist. */
  readonly missing: string[];
  /** Generated files whose content differs. */
  readonly changed: string[];
  /** Files marked GENERATED in the CRD directory that would no longer be generated. */
  readonly extra: string[];
}

/**
 * The typed resources a registry uses, once each (handler selectors, then `owns()`, then the versions of
 * `on.convert` steps); several versions of one kind are several entries.
 */
export function typedResourcesOf(registry: Registry): TypedResource<any>[] {
  const result: TypedResource<any>[] = [];
  const selectors = [
    ...registry.resourceHandlers().map((handler) => handler.selector), ...registry.owned(), ...registry.conversionHandlers().flatMap((handler) => handler.typed),
  ];
  for (const selector of selectors) {
    if (!isTypedResource(selector)) continue;
    const same = result.find((other) => other.group === selector.group && other.plural === selector.plural && other.version === selector.version);
    if (!same) {
      result.push(selector);
    } else if (JSON.stringify(same.toCRD()) !== JSON.stringify(selector.toCRD())) {
      throw new ManifestsError('selector', `two different definitions of ${selector.plural}.${selector.group} are used (their CRDs differ); define the resource once and import it everywhere.`);
    }
  }
  return result;
}

async function load(config: ProjectConfig): Promise<Registry> {
  try {
    return (await loadOperator(config.entry, { cwd: config.dir })).registry;
  } catch (error) {
    throw new ManifestsError('load', `cannot load the operator (package.json#opkit.entry): ${(error as Error).message}`, { cause: error });
  }
}

function crdDir(config: ProjectConfig): string {
  return `${config.deploy.dir}/crds`;
}

/**
 * Generate the manifests of the project in `dir`: `<deploy.dir>/crds/<plural>.<group>.yaml` for each
 * typed resource the handlers use, and `<deploy.dir>/rbac.yaml`. Nothing is written.
 *
 * @throws ManifestsError for a missing or invalid configuration, an operator that fails to load, or a
 * selector that cannot be resolved offline.
 * @example
 * ```ts
 * const { files } = await generateManifests({ dir: '.' });
 * files.get('deploy/rbac.yaml');
 * ```
 */
export async function generateManifests(options: ManifestsOptions): Promise<GeneratedManifests> {
  const config = readProjectConfig(options.dir);
  const registry = await load(config);
  const typed = typedResourcesOf(registry);
  const catalog = new ResourceCatalog({ typed, crdFiles: readCrdFiles(config.dir, config.crds) });
  const rbac = deriveRbac(registry, catalog, config.deploy.watch, config.deploy);
  const files = new Map<string, string>();
  const kinds = new Map<string, TypedResource<any>[]>();
  for (const resource of typed) kinds.set(`${resource.plural}.${resource.group}`, [...(kinds.get(`${resource.plural}.${resource.group}`) ?? []), resource]);
  for (const name of [...kinds.keys()].sort()) {
    files.set(`${crdDir(config)}/${name}.yaml`, renderCrd(withConversion(mergeCrdVersions(kinds.get(name)!), registry, config.deploy), config.entry));
  }
  // The CRDs converted but not rendered here (installed otherwise): their stanza as a merge patch.
  for (const crd of [...new Set(registry.conversionHandlers().map((handler) => handler.crd))].sort()) {
    if (!kinds.has(crd)) files.set(`${config.deploy.dir}/conversions/${crd}.yaml`, renderConversionPatch(crd, deployedConversion(crd, config.deploy), config.deploy, config.entry));
  }
  files.set(`${config.deploy.dir}/rbac.yaml`, renderRbac(rbac, config.deploy, config.entry));
  const webhooks = webhookManifests(registry, catalog, config.deploy);
  if (webhooks.length > 0) files.set(`${config.deploy.dir}/webhooks.yaml`, renderWebhooks(webhooks, config.deploy, config.entry));
  return { files, config, rbac };
}

function generatedFilesOnDisk(config: ProjectConfig): string[] {
  const dir = join(config.dir, crdDir(config));
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name) && readFileSync(join(dir, name), 'utf8').startsWith(GENERATED_MARKER))
    .map((name) => `${crdDir(config)}/${name}`);
}

/**
 * Compare the generated manifests with the files of the project.
 *
 * @example
 * ```ts
 * const { drifted } = await checkManifests({ dir: '.' });
 * if (drifted.length > 0) console.error(`out of date: ${drifted.join(', ')}; run npm run manifests`);
 * ```
 */
export async function checkManifests(options: ManifestsOptions): Promise<ManifestsDrift> {
  const { files, config } = await generateManifests(options);
  const missing: string[] = [];
  const changed: string[] = [];
  for (const [path, text] of files) {
    const file = join(config.dir, path);
    if (!existsSync(file)) missing.push(path);
    else if (readFileSync(file, 'utf8') !== text) changed.push(path);
  }
  const extra = generatedFilesOnDisk(config).filter((path) => !files.has(path));
  return { drifted: [...missing, ...changed, ...extra].sort(), missing: missing.sort(), changed: changed.sort(), extra: extra.sort() };
}

/** What {@link writeManifests} did. */
export interface WrittenManifests {
  /** Files written (new or changed). */
  readonly written: string[];
  /** Files already up to date. */
  readonly unchanged: string[];
  /** Generated files removed because nothing generates them any more. */
  readonly removed: string[];
}

/**
 * Generate the manifests and write them into the project: changed and new files are written,
 * up-to-date ones left alone, and GENERATED CRD files of resources no longer used are removed.
 *
 * @example
 * ```ts
 * const { written } = await writeManifests({ dir: '.' });
 * ```
 */
export async function writeManifests(options: ManifestsOptions): Promise<WrittenManifests> {
  const { files, config } = await generateManifests(options);
  const written: string[] = [];
  const unchanged: string[] = [];
  for (const [path, text] of files) {
    const file = join(config.dir, path);
    if (existsSync(file) && readFileSync(file, 'utf8') === text) {
      unchanged.push(path);
      continue;
    }
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    written.push(path);
  }
  const removed = generatedFilesOnDisk(config).filter((path) => !files.has(path));
  for (const path of removed) rmSync(join(config.dir, path));
  return { written, unchanged, removed };
}

/**
 * For a project's tests: throw when the manifests on disk are not what `op manifests` would write,
 * naming each file and the command that fixes it.
 *
 * @example
 * ```ts
 * it('has up-to-date manifests', async () => { await expectManifestsUpToDate('.'); });
 * ```
 */
export async function expectManifestsUpToDate(dir: string): Promise<void> {
  const drift = await checkManifests({ dir });
  if (drift.drifted.length === 0) return;
  const lines = [
    ...drift.missing.map((path) => `  missing: ${path}`),
    ...drift.changed.map((path) => `  out of date: ${path}`),
    ...drift.extra.map((path) => `  no longer generated: ${path}`),
  ];
  throw new Error(`The generated manifests differ from the code:\n${lines.join('\n')}\nRun \`npm run manifests\` (op manifests) to update them.`);
}
