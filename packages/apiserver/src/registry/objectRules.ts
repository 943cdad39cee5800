// The metadata rules every write follows, as small pure functions: system fields the server owns,
// generation bumps, omitempty for labels/annotations/finalizers, generateName suffixes, whole-second
// timestamps and the MicroTime check. Kept apart from the write pipeline so each rule is testable alone.
import { randomInt, randomUUID } from 'node:crypto';
import { deepEqual } from '../storage/deepEqual.js';
import { microTimeError, microTimeValid } from '../validation/index.js';
import type { KubeObject, ResourceType } from '../resources/types.js';

/** Metadata fields a client can never set (wiped on create, preserved on update). */
export const SYSTEM_METADATA = ['uid', 'resourceVersion', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'generation'] as const;

/**
 * RFC 3339 at whole seconds, as metav1.Time serializes.
 *
 * @example
 * wholeSecondsNow(); // '2026-01-02T03:04:05Z'
 */
export function wholeSecondsNow(now = new Date()): string {
  return `${now.toISOString().slice(0, 19)}Z`;
}

/** A new object uid. */
export function newUid(): string {
  return randomUUID();
}

const SUFFIX_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/**
 * The 5 random characters kube-apiserver appends to `generateName`.
 *
 * @example
 * generateNameSuffix(); // 'x7bq2'
 */
export function generateNameSuffix(): string {
  let out = '';
  for (let i = 0; i < 5; i++) out += SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)];
  return out;
}

/** Removes empty `labels`, `annotations`, `finalizers`, `ownerReferences`, `managedFields` (omitempty). */
export function dropEmptyMetadata(obj: KubeObject): KubeObject {
  const meta = obj.metadata;
  if (!meta) return obj;
  const out = { ...meta };
  for (const key of ['labels', 'annotations'] as const) {
    if (out[key] === null || (typeof out[key] === 'object' && Object.keys(out[key]).length === 0)) delete out[key];
  }
  for (const key of ['finalizers', 'ownerReferences', 'managedFields'] as const) {
    if (out[key] === null || (Array.isArray(out[key]) && out[key].length === 0)) delete out[key];
  }
  for (const key of Object.keys(out)) if (out[key] === null || out[key] === undefined) delete out[key];
  return { ...obj, metadata: out };
}

/** Whether anything that counts for `generation` changed between `old` and `next`. */
export function generationRelevantChange(type: ResourceType, old: KubeObject, next: KubeObject): boolean {
  const strip = (o: KubeObject): KubeObject => {
    const copy: KubeObject = { ...o };
    delete copy.metadata;
    delete copy.apiVersion;
    delete copy.kind;
    if (type.statusSubresource) delete copy.status;
    return copy;
  };
  return !deepEqual(strip(old), strip(next));
}

/** Whether a string is a MicroTime with exactly 6 fractional digits (and a valid date and time). */
export function isMicroTime(value: unknown): boolean {
  return typeof value === 'string' && microTimeValid(value);
}

/** Reads a dotted path. */
export function getPath(obj: unknown, path: string): unknown {
  let cur: any = obj;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = cur[part];
  }
  return cur;
}

/** MicroTime violations for a type's MicroTime fields (strictMicroTime), as 400 messages. */
export function microTimeViolations(type: ResourceType, obj: KubeObject): string[] {
  const out: string[] = [];
  for (const field of type.microTimeFields ?? []) {
    const value = getPath(obj, field);
    if (value === undefined || value === null) continue;
    if (!isMicroTime(value)) out.push(`${field}: ${microTimeError(String(value))} (a MicroTime needs exactly 6 fractional digits)`);
  }
  return out;
}

/** A deep copy of a JSON value. */
export function clone<T>(value: T): T {
  return structuredClone(value);
}

/** Whether `value` is a plain JSON object. */
export function isObject(value: unknown): value is Record<string, any> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The deepest nesting a request body may have (kube's JSON decoder stops at 10,000; stacks here are smaller). */
export const MAX_JSON_DEPTH = 1000;

/**
 * Whether a parsed JSON value nests deeper than `limit` (checked iteratively, so it cannot overflow).
 *
 * @example
 * tooDeep({ a: { b: 1 } }, 1); // true
 */
export function tooDeep(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}
