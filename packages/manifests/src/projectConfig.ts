// The project configuration every Opkit tool reads: the `opkit` field of the project's package.json
// (entry, CRD files, where and how the operator is deployed). Checked field by field, so that a typo
// is reported with the field's path and what was expected instead of producing wrong manifests.
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { ManifestsError } from './errors.js';

/** How the deployed operator watches: the whole cluster, or only the namespace it is deployed in. */
export type WatchMode = 'all' | 'own-namespace';

/** Where and how the operator is deployed (package.json#opkit.deploy). */
export interface DeployConfig {
  /** Where `op manifests` writes `crds/` and `rbac.yaml`, relative to the project. @defaultValue 'deploy' */
  readonly dir: string;
  /** The ServiceAccount, (Cluster)Role and binding name. @defaultValue the package name without its scope */
  readonly name: string;
  /** The namespace the operator runs in. @defaultValue the deploy name */
  readonly namespace: string;
  /** `all`: a ClusterRole, `op run -A`; `own-namespace`: a Role in `namespace`, `op run -n <namespace>`. @defaultValue 'all' */
  readonly watch: WatchMode;
  /** Admission webhooks (when the operator has `on.validate`/`on.mutate` handlers): `certManager: true` lets cert-manager issue the serving certificate and inject its CA. @defaultValue { certManager: false } */
  readonly webhooks: { readonly certManager: boolean };
  /**
   * The operator runs with leader election (`op run --leader-elect`, `settings.peering.leaderElection`): the
   * runtime reads, creates and renews a Lease in `namespace`. @defaultValue false
   */
  readonly leaderElection: boolean;
  /**
   * The operator runs sharded (`op run --sharding`, `settings.peering.sharding`): each replica keeps a Lease
   * in `namespace` and removes those of peers gone. @defaultValue false
   */
  readonly sharding: boolean;
}

/** The project configuration (package.json#opkit), with defaults filled in. */
export interface ProjectConfig {
  /** The project directory (absolute). */
  readonly dir: string;
  /** The package name. */
  readonly packageName: string;
  /** The operator's entry files, relative to the project. */
  readonly entry: readonly string[];
  /** CRD YAML files of the project (a directory or one file), relative to the project, if any. */
  readonly crds?: string;
  /** Sample objects (a directory or one file), relative to the project, if any. */
  readonly samples?: string;
  readonly deploy: DeployConfig;
}

const DEPLOY_FIELDS = ['dir', 'name', 'namespace', 'watch', 'webhooks', 'leaderElection', 'sharding'];
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

function bad(field: string, expected: string, got: unknown): ManifestsError {
  return new ManifestsError('config', `package.json#opkit.${field} must be ${expected}; got ${JSON.stringify(got)}.`);
}

function relativePath(field: string, value: unknown, dir: string, mustExist = true): string {
  if (typeof value !== 'string' || value.trim() === '') throw bad(field, 'a path relative to the project', value);
  if (isAbsolute(value)) throw bad(field, 'a path relative to the project, not an absolute one', value);
  if (mustExist && !existsSync(resolve(dir, value))) throw new ManifestsError('config', `package.json#opkit.${field} names ${JSON.stringify(value)}, which does not exist in ${dir}.`);
  return value;
}

/**
 * Read and check the project configuration of `dir` (its package.json's `opkit` field).
 *
 * @throws ManifestsError (`config`) naming the missing or invalid field and what was expected.
 * @example
 * ```ts
 * const config = readProjectConfig('.');
 * config.deploy.watch; // 'all'
 * ```
 */
export function readProjectConfig(dir: string): ProjectConfig {
  const root = resolve(dir);
  const file = join(root, 'package.json');
  if (!existsSync(file)) throw new ManifestsError('config', `${root} has no package.json: run op manifests in an Opkit project (one made by npm create operator), or pass --dir.`);
  let pkg: unknown;
  try {
    pkg = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ManifestsError('config', `${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  if (typeof pkg !== 'object' || pkg === null) throw new ManifestsError('config', `${file} must hold a JSON object.`);
  const { name, opkit } = pkg as { name?: unknown; opkit?: unknown };
  if (opkit === undefined) {
    throw new ManifestsError('config', `${file} has no "opkit" field: add { "opkit": { "entry": "src/operator.ts", "deploy": { "name": "my-operator", "namespace": "my-operator", "watch": "all" } } }.`);
  }
  if (typeof opkit !== 'object' || opkit === null || Array.isArray(opkit)) throw new ManifestsError('config', `package.json#opkit must be an object; got ${JSON.stringify(opkit)}.`);
  const config = opkit as Record<string, unknown>;
  const known = ['entry', 'crds', 'samples', 'deploy', 'scaffold'];
  for (const key of Object.keys(config)) {
    if (!known.includes(key)) throw new ManifestsError('config', `package.json#opkit has an unknown field "${key}"; the fields are ${known.join(', ')}.`);
  }
  const entries = typeof config['entry'] === 'string' ? [config['entry']] : config['entry'];
  if (!Array.isArray(entries) || entries.length === 0) throw bad('entry', 'the operator\'s entry file, e.g. "src/operator.ts" (or a list of files)', config['entry']);
  const entry = entries.map((item: unknown, index) => relativePath(Array.isArray(config['entry']) ? `entry[${index}]` : 'entry', item, root));
  // The CRD directory may not exist yet: it is often where op manifests writes the generated CRDs.
  const crds = config['crds'] === undefined ? undefined : relativePath('crds', config['crds'], root, false);
  const samples = config['samples'] === undefined ? undefined : relativePath('samples', config['samples'], root, false);

  const deployInput = config['deploy'] ?? {};
  if (typeof deployInput !== 'object' || deployInput === null || Array.isArray(deployInput)) throw bad('deploy', 'an object { dir, name, namespace, watch }', deployInput);
  const deploy = deployInput as Record<string, unknown>;
  for (const key of Object.keys(deploy)) {
    if (!DEPLOY_FIELDS.includes(key)) throw new ManifestsError('config', `package.json#opkit.deploy has an unknown field "${key}"; the fields are ${DEPLOY_FIELDS.join(', ')}.`);
  }
  const deployDir = deploy['dir'] ?? 'deploy';
  if (typeof deployDir !== 'string' || deployDir.trim() === '' || isAbsolute(deployDir) || deployDir.split(/[\\/]/).includes('..')) {
    throw bad('deploy.dir', 'a directory inside the project, e.g. "deploy"', deployDir);
  }
  const packageName = typeof name === 'string' ? name : '';
  const defaultName = packageName.replace(/^@[^/]+\//, '').toLowerCase().replace(/[^a-z0-9.-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '');
  const deployName = deploy['name'] ?? defaultName;
  if (typeof deployName !== 'string' || !DNS_SUBDOMAIN.test(deployName) || deployName.length > 253) {
    throw bad('deploy.name', 'a lower-case DNS name for the ServiceAccount and roles, e.g. "greeting-operator"', deploy['name'] ?? packageName);
  }
  const namespace = deploy['namespace'] ?? deployName;
  if (typeof namespace !== 'string' || !DNS_LABEL.test(namespace) || namespace.length > 63) {
    throw bad('deploy.namespace', 'a namespace name (a lower-case DNS label), e.g. "greeting-operator"', namespace);
  }
  const watch = deploy['watch'] ?? 'all';
  if (watch !== 'all' && watch !== 'own-namespace') throw bad('deploy.watch', '"all" or "own-namespace"', watch);
  const leaderElection = deploy['leaderElection'] ?? false;
  if (typeof leaderElection !== 'boolean') throw bad('deploy.leaderElection', 'true or false (the operator runs with op run --leader-elect)', leaderElection);
  const sharding = deploy['sharding'] ?? false;
  if (typeof sharding !== 'boolean') throw bad('deploy.sharding', 'true or false (the operator runs with op run --sharding)', sharding);
  if (leaderElection && sharding) {
    throw new ManifestsError('config', 'package.json#opkit.deploy.leaderElection and deploy.sharding exclude each other (as op run --leader-elect and --sharding do): one active replica, or several with a share each.');
  }
  return {
    dir: root, packageName, entry,
    ...(crds === undefined ? {} : { crds }), ...(samples === undefined ? {} : { samples }),
    deploy: { dir: deployDir.replace(/[\\/]+$/, ''), name: deployName, namespace, watch, webhooks: webhooksConfig(deploy['webhooks']), leaderElection, sharding },
  };
}

function webhooksConfig(value: unknown): DeployConfig['webhooks'] {
  if (value === undefined) return { certManager: false };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad('deploy.webhooks', 'an object { certManager: true | false }', value);
  const certManager = (value as Record<string, unknown>)['certManager'] ?? false;
  if (typeof certManager !== 'boolean' || Object.keys(value).some((key) => key !== 'certManager')) throw bad('deploy.webhooks', 'an object { certManager: true | false }', value);
  return { certManager };
}
