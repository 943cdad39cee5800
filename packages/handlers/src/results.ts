// Whether a handler's result can be stored in `status[<id>]` exactly. JSON would silently turn NaN into
// null, a Date into a string, a Map into `{}`, drop functions and Symbols, and a cycle or an oversized
// result fails only when the patch is sent — after the handler was recorded as succeeded, so it re-ran
// forever. A bigint within int64 is stored with every digit; a wider one would be rounded by the API server. Checking the result when the handler returns lets invokeHandler fail that handler for good,
// naming the path in the result and what is there, instead.
import { isInt64, isRawJson, stringifyJson } from '@opkit/json';

/**
 * The largest result (as compact JSON, in bytes) a handler may return: 1 MiB. kube-apiserver refuses a
 * request body over 3 MiB and etcd a stored object over 1.5 MiB (its default `--max-request-bytes`),
 * and the result shares the object with its spec and the rest of its status.
 */
export const MAX_RESULT_BYTES = 1024 * 1024;

/** Nesting deeper than this is refused (the JSON decoders of API servers refuse far less deep text too). */
const MAX_DEPTH = 1000;

/** Why a result cannot be stored: where (`result.items[2].when`) and what is there. */
export interface UnstorableResult {
  /** The path in the result, starting with `result`. */
  readonly path: string;
  /** What is there, in words: `a Date`, `NaN`, `a circular reference to result`, `1.2 MiB of JSON`. */
  readonly problem: string;
}

/** The built-in objects JSON cannot carry: Object.prototype.toString's tag of each. */
const BUILTIN_TAGS = new Set(['Date', 'Map', 'Set', 'WeakMap', 'WeakSet', 'WeakRef', 'RegExp', 'Promise', 'Error', 'Number', 'String', 'Boolean', 'Symbol', 'BigInt', 'ArrayBuffer', 'SharedArrayBuffer', 'DataView']);

function keyPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function typeName(value: object): string {
  const tag = Object.prototype.toString.call(value).slice(8, -1);
  if (BUILTIN_TAGS.has(tag) || ArrayBuffer.isView(value)) return `a ${tag}`;
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== '' ? `an instance of ${name}` : `an object of type ${tag}`;
}

/** Whether an object is stored as nothing but its own enumerable fields (so it round-trips as data). */
function roundTrips(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as object | null;
  if (proto === null || proto === Object.prototype) return true;
  const tag = Object.prototype.toString.call(value).slice(8, -1);
  if (BUILTIN_TAGS.has(tag) || ArrayBuffer.isView(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  // A class instance is stored as its own fields; getters on its prototype would be lost.
  for (let p: object | null = proto; p !== null && p !== Object.prototype; p = Object.getPrototypeOf(p) as object | null) {
    for (const descriptor of Object.values(Object.getOwnPropertyDescriptors(p))) if (descriptor.get) return false;
  }
  return true;
}

function check(value: unknown, path: string, ancestors: Map<object, string>): UnstorableResult | undefined {
  switch (typeof value) {
    case 'string': case 'boolean': return undefined;
    // An API server keeps int64 exactly and rounds a wider integer to float64 (as Go's decoder does).
    case 'bigint': return isInt64(value) ? undefined : { path, problem: `a bigint beyond int64 (an API server would store ${Number(value)})` };
    case 'number': return Number.isFinite(value) ? undefined : { path, problem: String(value) };
    case 'undefined': return { path, problem: 'undefined' };
    case 'function': return { path, problem: 'a function' };
    case 'symbol': return { path, problem: 'a Symbol' };
    default: break;
  }
  if (value === null || isRawJson(value)) return undefined;
  const object = value as object;
  const earlier = ancestors.get(object);
  if (earlier !== undefined) return { path, problem: `a circular reference to ${earlier}` };
  if (ancestors.size >= MAX_DEPTH) return { path, problem: `nesting deeper than ${MAX_DEPTH} levels` };
  if (!Array.isArray(object) && !roundTrips(object)) return { path, problem: typeName(object) };
  if (Object.getOwnPropertySymbols(object).some((symbol) => Object.prototype.propertyIsEnumerable.call(object, symbol))) {
    return { path, problem: 'an object with a Symbol key' };
  }
  ancestors.set(object, path);
  try {
    if (Array.isArray(object)) {
      for (let index = 0; index < object.length; index += 1) {
        const found = check(object[index], `${path}[${index}]`, ancestors);
        if (found) return found;
      }
    } else {
      for (const [key, item] of Object.entries(object)) {
        // An undefined field is simply absent, as in JSON.
        if (item === undefined) continue;
        const found = check(item, keyPath(path, key), ancestors);
        if (found) return found;
      }
    }
  } finally {
    ancestors.delete(object);
  }
  return undefined;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}

/**
 * Find what in a handler's result cannot be stored exactly as JSON in the object's status: NaN or an
 * infinity, a function, a Symbol, `undefined` in a list, a Date, Map, Set or other built-in object, a
 * class instance with a `toJSON` or getters, a circular reference, or a result over
 * {@link MAX_RESULT_BYTES} once written. Plain objects, lists, strings, finite numbers, bigints within
 * int64 (stored with every digit; a wider one is refused, as an API server rounds it), booleans and null are stored exactly; a field set to `undefined` is absent.
 *
 * @returns undefined when the result can be stored, else where and what the first problem is.
 * @example
 * ```ts
 * findUnstorable({ items: [0, 1, { when: new Date() }] }); // { path: 'result.items[2].when', problem: 'a Date' }
 * findUnstorable({ big: 9223372036854775807n });           // undefined
 * findUnstorable({ big: 12345678901234567890123n });        // { path: 'result.big', problem: 'a bigint beyond int64 (…)' }
 * ```
 */
export function findUnstorable(result: unknown, options: { readonly maxBytes?: number } = {}): UnstorableResult | undefined {
  if (result === undefined || result === null) return undefined;
  const found = check(result, 'result', new Map());
  if (found) return found;
  const maxBytes = options.maxBytes ?? MAX_RESULT_BYTES;
  const bytes = new TextEncoder().encode(stringifyJson(result)).length;
  if (bytes > maxBytes) return { path: 'result', problem: `${formatBytes(bytes)} of JSON (at most ${formatBytes(maxBytes)} is stored)` };
  return undefined;
}
