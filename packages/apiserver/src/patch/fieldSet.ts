// Sets of field paths in Kubernetes' managed-fields notation, the bookkeeping of server-side apply.
// A path is a list of elements — `f:<field>`, `k:<json of key fields>` (an item of an associative
// list), `v:<json value>` (an item of a set) — and a set is stored as the JSON text of each member
// path, so that union, difference and lookups are plain Set operations. FieldsV1 (the nested
// `{"f:spec":{"f:replicas":{}}}` form with `.` for "this node too") converts to and from it.

import { parseJson, stringifyJson } from '@opkit/json';
import { isJsonObject, jsonEqual, setKey } from './json.js';
import type { JsonObject } from './json.js';

/** A field path: path elements such as `f:spec`, `k:{"name":"app"}`, `v:"a"`. */
export type FieldPath = readonly string[];

/** A set of field paths, each stored as `JSON.stringify(path)`. */
export type FieldSet = Set<string>;

/** The set key of a path. */
export function pathKey(path: FieldPath): string {
  return JSON.stringify(path);
}

/** The path of a set key. */
export function keyPath(key: string): string[] {
  return JSON.parse(key) as string[];
}

/** The FieldsV1 object of a set (`{}` for the empty set), children sorted and `.` first. */
export function toFieldsV1(set: FieldSet): JsonObject {
  interface Node { member: boolean; children: Map<string, Node> }
  const root: Node = { member: false, children: new Map() };
  for (const key of set) {
    let node = root;
    for (const element of keyPath(key)) {
      let child = node.children.get(element);
      if (child === undefined) {
        child = { member: false, children: new Map() };
        node.children.set(element, child);
      }
      node = child;
    }
    node.member = true;
  }
  const render = (node: Node): JsonObject => {
    const out: JsonObject = {};
    if (node.member && node.children.size > 0) out['.'] = {};
    for (const element of [...node.children.keys()].sort()) {
      setKey(out, element, render(node.children.get(element) as Node));
    }
    return out;
  };
  return render(root);
}

/** The set a FieldsV1 object describes; anything malformed is skipped. */
export function fromFieldsV1(fields: unknown): FieldSet {
  const set: FieldSet = new Set();
  const walk = (node: JsonObject, path: string[]): void => {
    for (const [element, child] of Object.entries(node)) {
      if (element === '.') {
        if (path.length > 0) set.add(pathKey(path));
      } else if (isJsonObject(child)) {
        const childPath = [...path, element];
        if (Object.keys(child).length === 0) set.add(pathKey(childPath));
        else walk(child, childPath);
      }
    }
  };
  if (isJsonObject(fields)) walk(fields, []);
  return set;
}

/** Kubernetes' text form of a path, as in apply conflicts: `.spec.containers[name="app"].image`. */
export function formatFieldPath(path: FieldPath): string {
  return path
    .map((element) => {
      const body = element.slice(2);
      if (element.startsWith('f:')) return `.${body}`;
      if (element.startsWith('v:')) return `[=${body}]`;
      if (element.startsWith('i:')) return `[${body}]`;
      if (element.startsWith('k:')) {
        const keys = parseKeys(body);
        if (!isJsonObject(keys)) return `[${body}]`;
        return `[${Object.entries(keys).map(([name, value]) => `${name}=${stringifyJson(value)}`).join(',')}]`;
      }
      return element;
    })
    .join('');
}

/** The JSON of a `k:`/`v:` path element (int64 values exact), or undefined when it is not JSON. */
function parseKeys(text: string): unknown {
  try {
    return parseJson(text);
  } catch {
    return undefined;
  }
}

/** The value at a field path, or `found: false`. */
export function valueAtPath(root: unknown, path: FieldPath): { found: boolean; value?: unknown } {
  let current = root;
  for (const element of path) {
    const located = childAt(current, element);
    if (located === undefined) return { found: false };
    current = located.value;
  }
  return { found: true, value: current };
}

/** The child of `container` named by one path element, with where it sits. */
export function childAt(container: unknown, element: string): { value: unknown; index?: number } | undefined {
  const body = element.slice(2);
  if (element.startsWith('f:')) {
    return isJsonObject(container) && Object.hasOwn(container, body) ? { value: container[body] } : undefined;
  }
  if (!Array.isArray(container)) return undefined;
  if (element.startsWith('k:')) {
    const keys = parseKeys(body);
    if (!isJsonObject(keys)) return undefined;
    const index = container.findIndex(
      (item) => isJsonObject(item) && Object.entries(keys).every(([name, value]) => jsonEqual(item[name], value)),
    );
    return index < 0 ? undefined : { value: container[index], index };
  }
  if (element.startsWith('v:')) {
    const wanted = parseKeys(body);
    const index = container.findIndex((item) => jsonEqual(item, wanted));
    return index < 0 ? undefined : { value: container[index], index };
  }
  if (element.startsWith('i:')) {
    const index = Number(body);
    return Number.isInteger(index) && index >= 0 && index < container.length ? { value: container[index], index } : undefined;
  }
  return undefined;
}

/**
 * Whether the value at `path` differs between two objects. For list items (`k:`, `v:`) only their
 * presence counts; their fields are paths of their own.
 */
export function changedAtPath(before: unknown, after: unknown, path: FieldPath): boolean {
  const a = valueAtPath(before, path);
  const b = valueAtPath(after, path);
  if (a.found !== b.found) return true;
  const last = path[path.length - 1] ?? '';
  if (!last.startsWith('f:')) return false;
  return !jsonEqual(a.value, b.value);
}
