// Reading manifests the way tests pass them: a YAML file path, YAML text (several documents, `kind: List`
// unwrapped), objects, or a list of any of these. One reader for `env.apply`, the CRDs of
// `startTestEnv` and the RBAC of `expectCoveredBy`, so they accept the same inputs with the same errors.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { KubeObject } from '@opkit/kube';
import { parseAllDocuments } from 'yaml';

/** Manifests as tests pass them: a file path, a directory of YAML files, YAML text, an object, or a list of them. */
export type ManifestInput = string | KubeObject | readonly (string | KubeObject)[];

function looksLikePath(text: string): boolean {
  return !text.includes('\n') && !text.includes(': ') && (/\.ya?ml$/i.test(text) || text.includes('/'));
}

/** The YAML texts of one string input: the file it names, the `.yaml`/`.yml` files of the directory it names (by name), or the text itself. */
function textsOf(item: string): { text: string; source: string }[] {
  if (!item.includes('\n') && existsSync(item)) {
    if (!statSync(item).isDirectory()) return [{ text: readFileSync(item, 'utf8'), source: item }];
    return readdirSync(item).filter((f) => /\.ya?ml$/i.test(f)).sort().map((f) => ({ text: readFileSync(join(item, f), 'utf8'), source: join(item, f) }));
  }
  if (looksLikePath(item)) throw new Error(`Cannot read manifests from ${JSON.stringify(item)}: no such file (expected a path to a YAML file, YAML text, or objects).`);
  return [{ text: item, source: 'YAML text' }];
}

/**
 * The objects of manifests, in order.
 *
 * @example
 * parseManifests(['deploy/crds', 'deploy/rbac.yaml', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ops' } }]);
 */
export function parseManifests(input: ManifestInput): KubeObject[] {
  const items = Array.isArray(input) ? input : [input];
  const result: KubeObject[] = [];
  for (const item of items as (string | KubeObject)[]) {
    if (typeof item !== 'string') {
      result.push(item);
      continue;
    }
    for (const { text, source } of textsOf(item)) {
      for (const doc of parseAllDocuments(text)) {
        if (doc.errors.length > 0) throw new Error(`Invalid YAML in ${source}: ${doc.errors[0]!.message}`);
        const value = doc.toJS() as unknown;
        if (value === null || value === undefined) continue;
        if (typeof value !== 'object' || Array.isArray(value)) throw new Error(`Invalid manifest in ${source}: expected an object with apiVersion and kind, got ${JSON.stringify(value)?.slice(0, 100)}`);
        const obj = value as KubeObject;
        if (obj.kind === 'List' && Array.isArray((obj as { items?: unknown }).items)) result.push(...((obj as unknown as { items: KubeObject[] }).items));
        else result.push(obj);
      }
    }
  }
  return result;
}

/** A short name for manifests in messages: the file path, or what they are. */
export function describeManifests(input: ManifestInput): string {
  if (typeof input === 'string') return !input.includes('\n') && existsSync(input) ? input : 'the given YAML';
  if (Array.isArray(input)) return input.every((i) => typeof i === 'string' && !i.includes('\n')) ? (input as string[]).join(', ') : 'the given manifests';
  return 'the given manifests';
}
