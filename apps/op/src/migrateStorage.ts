// Why this file exists: after a CRD's storage version changes, the objects written before stay stored at
// the old version until something writes them again, and the old version cannot leave the CRD (kube
// refuses to drop a version listed in status.storedVersions). This does what kube's
// storage-version-migrator does: write every object back unchanged, so the API server re-stores it at the
// current storage version, then trim storedVersions to that version alone.
import { apiVersionOf, ConflictError, ForbiddenError, NotFoundError, resourceName, ResourceResolutionError, suggestResource } from '@opkit/kube';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';

/** The CustomResourceDefinition resource (apiextensions.k8s.io/v1). */
export const CRDS_RESOURCE: Resource = {
  group: 'apiextensions.k8s.io', version: 'v1', plural: 'customresourcedefinitions', kind: 'CustomResourceDefinition', namespaced: false, subresources: ['status'],
};

/** Why a migration could not start or finish; `code` says which, the message says what to do. */
export class MigrateStorageError extends Error {
  override readonly name = 'MigrateStorageError';
  /** `unknown-resource`, `not-a-crd`, `forbidden`, `no-storage-version`, `storage-changed` or `failed`. */
  readonly code: MigrateStorageErrorCode;

  constructor(code: MigrateStorageErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** What went wrong in a migration. */
export type MigrateStorageErrorCode = 'unknown-resource' | 'not-a-crd' | 'forbidden' | 'no-storage-version' | 'storage-changed' | 'failed';

/** Where a migration stands; passed to {@link MigrateStorageOptions.onProgress} after every page of objects. */
export interface MigrateStorageProgress {
  /** Objects seen so far (listed). */
  readonly seen: number;
  /** Objects written back (or, in a dry run, that would be). */
  readonly rewritten: number;
  /** Of those, written after a conflict made us read them again. */
  readonly retried: number;
  /** Objects deleted between the list and their write (skipped). */
  readonly gone: number;
}

/** Options of {@link migrateStorage}. */
export interface MigrateStorageOptions {
  /** List and report, write nothing. @defaultValue false */
  readonly dryRun?: boolean | undefined;
  /** Objects per list page. @defaultValue 500 */
  readonly chunkSize?: number | undefined;
  /** How often one object is read again and rewritten after a conflict before the migration fails. @defaultValue 10 */
  readonly conflictRetries?: number | undefined;
  /** Called after every page; the next page is read once what it returns has resolved (a place to throttle). */
  readonly onProgress?: ((progress: MigrateStorageProgress) => void | Promise<void>) | undefined;
  readonly signal?: AbortSignal | undefined;
}

/** What a migration did. */
export interface MigrateStorageResult extends MigrateStorageProgress {
  /** The resource as resolved (at the version its objects were read and written at). */
  readonly resource: Resource;
  /** The CRD's name, e.g. `kopfexamples.kopf.dev`. */
  readonly crd: string;
  readonly storageVersion: string;
  /** `status.storedVersions` before. */
  readonly storedVersionsBefore: readonly string[];
  /** `status.storedVersions` after (in a dry run: what it would be). */
  readonly storedVersionsAfter: readonly string[];
  readonly dryRun: boolean;
}

interface CrdVersion { name: string; served?: boolean; storage?: boolean }

function forbidden(error: ForbiddenError, what: string): MigrateStorageError {
  return new MigrateStorageError('forbidden', `no permission to ${what}: ${error.body.message ?? error.message}`, { cause: error });
}

/** Resolve what the user typed (plural, plural.group, kind, short name, group/version/plural) to one resource. */
async function resolveResource(client: KubeClient, name: string, signal: AbortSignal | undefined): Promise<Resource> {
  let found: Resource[];
  try {
    found = await client.discovery.resolve(name, { signal });
  } catch (error) {
    if (error instanceof ResourceResolutionError) throw new MigrateStorageError('unknown-resource', error.message, { cause: error });
    throw error;
  }
  if (found.length === 0) {
    const suggestion = suggestResource(await client.discovery.resources({ signal }), name);
    throw new MigrateStorageError('unknown-resource', `the server doesn't have a resource type "${name}"${suggestion ? `; did you mean "${suggestion}"?` : ''}`);
  }
  return found[0]!;
}

/** The storage version of a CRD, or a clear error. */
function storageVersionOf(crd: KubeObject): string {
  const versions = ((crd.spec as { versions?: CrdVersion[] } | undefined)?.versions ?? []);
  const storage = versions.find((version) => version.storage === true)?.name;
  if (!storage) throw new MigrateStorageError('no-storage-version', `CustomResourceDefinition ${crd.metadata.name} marks no version as storage: true`);
  return storage;
}

function storedVersionsOf(crd: KubeObject): string[] {
  return [...((crd.status as { storedVersions?: string[] } | undefined)?.storedVersions ?? [])];
}

/**
 * Migrate every object of a custom resource to the CRD's storage version, then set the CRD's
 * `status.storedVersions` to that version alone (kube's storage-version-migrator). Objects are listed
 * across all namespaces page by page and each is written back unchanged (a PUT with its resourceVersion,
 * at the storage version when it is served); a conflict reads the object again and retries, an object
 * deleted meanwhile is skipped. Throws a {@link MigrateStorageError} for what the user must fix.
 *
 * @example
 * ```ts
 * const result = await migrateStorage(client, 'kopfexamples.kopf.dev', { onProgress: (p) => console.log(p.rewritten) });
 * console.log(result.storedVersionsAfter); // ['v2']
 * ```
 */
export async function migrateStorage(client: KubeClient, name: string, options: MigrateStorageOptions = {}): Promise<MigrateStorageResult> {
  const { signal } = options;
  const dryRun = options.dryRun === true;
  const resolved = await resolveResource(client, name, signal);
  const crdName = `${resolved.plural}.${resolved.group}`;
  if (resolved.group === '') throw new MigrateStorageError('not-a-crd', `${resolved.plural} is a built-in resource, not a custom resource: op migrate-storage migrates the objects of a CustomResourceDefinition`);
  let crd: KubeObject;
  try {
    crd = await client.get(CRDS_RESOURCE, crdName, { signal });
  } catch (error) {
    if (error instanceof NotFoundError) throw new MigrateStorageError('not-a-crd', `${resourceName(resolved)} is not defined by a CustomResourceDefinition (no CustomResourceDefinition ${crdName}): op migrate-storage migrates custom resources only`, { cause: error });
    if (error instanceof ForbiddenError) throw forbidden(error, `get customresourcedefinitions/${crdName}`);
    throw error;
  }
  const storageVersion = storageVersionOf(crd);
  const storedVersionsBefore = storedVersionsOf(crd);
  const servedVersions = ((crd.spec as { versions?: CrdVersion[] }).versions ?? []).filter((version) => version.served !== false).map((version) => version.name);
  // Read and write at the storage version when it is served: the server converts each object once (from
  // where it is stored), and what we send back is already in the form it stores.
  const resource: Resource = servedVersions.includes(storageVersion) ? { ...resolved, version: storageVersion } : resolved;
  const counts = { seen: 0, rewritten: 0, retried: 0, gone: 0 };
  const maxRetries = options.conflictRetries ?? 10;
  try {
    for await (const page of client.list(resource, { limit: options.chunkSize ?? 500, signal })) {
      for (const item of page.items) {
        counts.seen += 1;
        if (dryRun) {
          counts.rewritten += 1;
          continue;
        }
        await rewrite(client, resource, item, counts, maxRetries, signal);
      }
      await options.onProgress?.({ ...counts });
    }
  } catch (error) {
    if (error instanceof ForbiddenError) throw forbidden(error, `list and update ${resourceName(resource)} in every namespace`);
    throw error;
  }
  const storedVersionsAfter = [storageVersion];
  if (!dryRun) await trimStoredVersions(client, crdName, storageVersion, signal);
  return { resource, crd: crdName, storageVersion, storedVersionsBefore, storedVersionsAfter, dryRun, ...counts };
}

async function rewrite(client: KubeClient, resource: Resource, item: KubeObject, counts: { rewritten: number; retried: number; gone: number }, maxRetries: number, signal: AbortSignal | undefined): Promise<void> {
  let current = item;
  for (let attempt = 0; ; attempt++) {
    try {
      await client.replace(resource, { ...current, apiVersion: apiVersionOf(resource), kind: resource.kind }, { namespace: current.metadata.namespace, signal });
      counts.rewritten += 1;
      if (attempt > 0) counts.retried += 1;
      return;
    } catch (error) {
      if (error instanceof NotFoundError) {
        counts.gone += 1;
        return;
      }
      if (!(error instanceof ConflictError) || attempt >= maxRetries) {
        if (error instanceof ConflictError) {
          throw new MigrateStorageError('failed', `${describeObject(current)} kept changing: ${maxRetries + 1} writes in a row met a conflict; run op migrate-storage again`, { cause: error });
        }
        throw error;
      }
      try {
        current = await client.get(resource, current.metadata.name ?? '', { namespace: current.metadata.namespace, signal });
      } catch (readError) {
        if (readError instanceof NotFoundError) {
          counts.gone += 1;
          return;
        }
        throw readError;
      }
    }
  }
}

function describeObject(item: KubeObject): string {
  return item.metadata.namespace ? `${item.metadata.namespace}/${item.metadata.name ?? ''}` : item.metadata.name ?? '';
}

/** Set status.storedVersions to the storage version alone, unless the storage version changed meanwhile. */
async function trimStoredVersions(client: KubeClient, crdName: string, storageVersion: string, signal: AbortSignal | undefined): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    let crd: KubeObject;
    try {
      crd = await client.get(CRDS_RESOURCE, crdName, { signal });
    } catch (error) {
      if (error instanceof ForbiddenError) throw forbidden(error, `get customresourcedefinitions/${crdName}`);
      throw error;
    }
    const now = storageVersionOf(crd);
    if (now !== storageVersion) {
      throw new MigrateStorageError('storage-changed', `the storage version of ${crdName} changed from ${storageVersion} to ${now} during the migration; run op migrate-storage again`);
    }
    try {
      // A PUT with the resourceVersion just read: a change of the CRD in between conflicts instead of being lost.
      await client.replace(CRDS_RESOURCE, { ...crd, status: { ...(crd.status as object | undefined), storedVersions: [storageVersion] } }, { subresource: 'status', signal });
      return;
    } catch (error) {
      if (error instanceof ConflictError && attempt < 10) continue;
      if (error instanceof ForbiddenError) throw forbidden(error, `update customresourcedefinitions/${crdName}/status`);
      throw error;
    }
  }
}
