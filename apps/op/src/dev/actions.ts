// What the keys of `op dev` do to the cluster: apply a sample, edit an object in $EDITOR, delete it,
// touch it (an annotation bump, so that update handlers run), and retry a delayed handler now (by
// clearing the delay in its stored progress record, which the operator reads on the next event).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import { encodeProgressRecord } from '@opkit/state';
import type { ProgressRecord } from '@opkit/state';
import { parse, stringify } from 'yaml';
import { applyManifests, readManifests } from '../manifests.js';
import type { ObjectEntry } from './model/objects.js';
import { objectLabel } from './model/objects.js';

/** The annotation `t` (touch) sets: not under an operator's storage prefix, so it is part of the essence. */
export const TOUCH_ANNOTATION = 'dev.opkit.dev/touched';

/** Options of {@link ClusterActions}. */
export interface ClusterActionsOptions {
  readonly client: KubeClient;
  /** The namespace of sample objects that name none. */
  readonly namespace: string;
  /** The folder sample paths are shown relative to. */
  readonly cwd: string;
  readonly samples: readonly string[];
  /** The editor command. @defaultValue $VISUAL, $EDITOR, else vi */
  readonly editor?: string | undefined;
}

/**
 * The cluster side of op dev's keys.
 *
 * @example
 * ```ts
 * const actions = new ClusterActions({ client, namespace: 'default', cwd: process.cwd(), samples });
 * await actions.touch(entry); // 'touched default/kopf-example-1'
 * ```
 */
export class ClusterActions {
  readonly #options: ClusterActionsOptions;

  constructor(options: ClusterActionsOptions) {
    this.#options = options;
  }

  /** The sample files, relative to the current folder. */
  samples(): readonly string[] {
    return this.#options.samples.map((file) => relative(this.#options.cwd, file) || file);
  }

  async #resource(body: KubeObject | undefined, entry: ObjectEntry): Promise<Resource> {
    if (!body?.apiVersion || !body.kind) throw new Error(`${objectLabel(entry)} is not known to op dev's watch yet`);
    const [group, version] = body.apiVersion.includes('/') ? body.apiVersion.split('/') as [string, string] : ['', body.apiVersion];
    return this.#options.client.resolveOne({ group, version, kind: body.kind });
  }

  /** Apply a sample file (as shown by {@link samples}). */
  async applySample(shown: string): Promise<string> {
    const file = this.#options.samples.find((item) => (relative(this.#options.cwd, item) || item) === shown) ?? shown;
    const manifests = readManifests([file]);
    await applyManifests(this.#options.client, manifests, { namespace: this.#options.namespace });
    return `applied ${basename(file)}: ${manifests.map((item) => `${item.kind}/${item.metadata.name}`).join(', ')}`;
  }

  /** Delete the object (its finalizers may hold it until the operator removes them). */
  async delete(entry: ObjectEntry): Promise<string> {
    const resource = await this.#resource(entry.body, entry);
    await this.#options.client.delete(resource, entry.name, { namespace: entry.namespace });
    const finalizers = entry.body?.metadata?.finalizers ?? [];
    return finalizers.length > 0 ? `deleting ${objectLabel(entry)}: waits for ${finalizers.join(', ')}` : `deleted ${objectLabel(entry)}`;
  }

  /** Bump the touch annotation: a change of the essence, so update handlers run. */
  async touch(entry: ObjectEntry): Promise<string> {
    const resource = await this.#resource(entry.body, entry);
    await this.#options.client.patch(resource, entry.name, { metadata: { annotations: { [TOUCH_ANNOTATION]: new Date().toISOString() } } }, { type: 'merge', namespace: entry.namespace });
    return `touched ${objectLabel(entry)} (${TOUCH_ANNOTATION})`;
  }

  /** Clear the delay of the object's retrying handlers, in every place their records are kept. */
  async retry(entry: ObjectEntry): Promise<string> {
    const records = (entry.stored?.progress ?? []).filter((record) => record.delayed && !record.success && !record.failure);
    if (records.length === 0) return `${objectLabel(entry)} has no delayed handler`;
    const resource = await this.#resource(entry.body, entry);
    const annotations: Record<string, string> = {};
    const status: Record<string, Record<string, Record<string, ProgressRecord>>> = {};
    const kept = (entry.body?.status ?? {}) as Record<string, { progress?: Record<string, ProgressRecord> } | undefined>;
    for (const record of records) {
      const { id, location, ...stored } = record;
      const next: ProgressRecord = { ...stored, delayed: null };
      if (!location.startsWith('status.')) annotations[location] = encodeProgressRecord(next);
      // The same record may also be kept in the status (`status.<opkit|kopf>.progress.<id>`).
      for (const owner of ['opkit', 'kopf']) {
        const copy = kept[owner]?.progress?.[id];
        if (copy) ((status[owner] ??= {}).progress ??= {})[id] = { ...copy, delayed: null };
      }
    }
    const { client } = this.#options;
    if (Object.keys(annotations).length > 0) await client.patch(resource, entry.name, { metadata: { annotations } }, { type: 'merge', namespace: entry.namespace });
    if (Object.keys(status).length > 0) {
      const subresource = (resource.subresources ?? []).includes('status') ? 'status' : undefined;
      await client.patch(resource, entry.name, { status }, { type: 'merge', namespace: entry.namespace, ...(subresource ? { subresource } : {}) });
    }
    return `retrying ${records.map((record) => record.id).join(', ')} on ${objectLabel(entry)} now`;
  }

  /** Edit the object in the editor (the terminal must be handed over first); a changed YAML is sent back. */
  async edit(entry: ObjectEntry): Promise<string> {
    const resource = await this.#resource(entry.body, entry);
    const current = await this.#options.client.get(resource, entry.name, { namespace: entry.namespace });
    const { managedFields: _hidden, ...metadata } = current.metadata;
    const original = stringify({ ...current, metadata }, { lineWidth: 0 });
    const folder = mkdtempSync(join(tmpdir(), 'opkit-edit-'));
    const file = join(folder, `${entry.name}.yaml`);
    try {
      writeFileSync(file, original);
      const editor = this.#options.editor ?? process.env.VISUAL ?? process.env.EDITOR ?? 'vi';
      const code = await new Promise<number | null>((resolve, reject) => {
        const child = spawn(`${editor} "${file}"`, { stdio: 'inherit', shell: true });
        child.once('error', reject);
        child.once('exit', (exit) => resolve(exit));
      });
      if (code !== 0) return `the editor exited with code ${code}: nothing changed`;
      const edited = readFileSync(file, 'utf8');
      if (edited === original) return `${objectLabel(entry)} unchanged`;
      const body = narrowIntegers(parse(edited, { intAsBigInt: true })) as KubeObject;
      await this.#options.client.replace(resource, body, { namespace: entry.namespace });
      return `saved ${objectLabel(entry)}`;
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
}

/** Integers as numbers where that is exact; only those beyond 2^53 stay `bigint`. */
function narrowIntegers(value: unknown): unknown {
  if (typeof value === 'bigint') return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
  if (Array.isArray(value)) return value.map(narrowIntegers);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, narrowIntegers(item)]));
  return value;
}
