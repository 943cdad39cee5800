// Built-in kinds decode into typed Go structs on a real server, so a ConfigMap with `data: {a: 1}`, an
// `immutable: "yes"` or a `binaryData` value that is not base64 never reaches storage: the decoder refuses
// it with 400 and Go's own words (`json: cannot unmarshal number into Go struct field ConfigMap.data of
// type string`). This module does the same from the OpenAPI schemas the server already publishes for its
// built-in kinds (discovery/builtinSchemas.ts), for every field they describe — no per-kind code. What the
// schemas leave open (`type: object` without properties) is only checked to be an object, and a top-level
// field they do not describe is not checked at all; `metadata` has
// its own validation (validation/objectMeta.ts); `null` is accepted anywhere, as Go decodes it to zero.
import { builtinSchemaName, builtinSchemas, isUndescribedField } from '../discovery/builtinSchemas.js';
import type { OpenApiSchema } from '../discovery/builtinSchemas.js';
import type { KubeObject, ResourceType } from '../resources/types.js';
import { isObject } from './objectRules.js';

/** One schema with what Go would call its type, after `$ref`s are followed. */
interface Resolved {
  schema: OpenApiSchema;
  /** The Go struct name (`ConfigMap`, `Container`) when the schema is a named struct. */
  structName?: string;
  goType: string;
}

const REF_PREFIX = '#/components/schemas/';

/** The schemas of each built-in kind, computed once per kind. */
const SCHEMAS = new Map<string, Record<string, OpenApiSchema>>();

function schemasOf(type: ResourceType): Record<string, OpenApiSchema> {
  const key = `${type.group}/${type.version}/${type.kind}`;
  let found = SCHEMAS.get(key);
  if (!found) {
    found = builtinSchemas(type);
    SCHEMAS.set(key, found);
  }
  return found;
}

/** `io.k8s.api.core.v1.Container` → `v1.Container` (Go's package-qualified name) and `Container`. */
function goNames(schemaName: string): { qualified: string; bare: string } {
  const parts = schemaName.split('.');
  const bare = parts[parts.length - 1] ?? schemaName;
  const pkg = parts[parts.length - 2] ?? '';
  return { qualified: pkg ? `${pkg}.${bare}` : bare, bare };
}

function resolve(schema: OpenApiSchema, library: Record<string, OpenApiSchema>): Resolved {
  const allOf = schema['allOf'];
  const ref = typeof schema['$ref'] === 'string' ? schema['$ref'] : Array.isArray(allOf) && isObject(allOf[0]) && typeof allOf[0]['$ref'] === 'string' ? allOf[0]['$ref'] : undefined;
  if (ref !== undefined && ref.startsWith(REF_PREFIX)) {
    const name = ref.slice(REF_PREFIX.length);
    const target = library[name];
    const { qualified, bare } = goNames(name);
    if (target) return { schema: target, structName: bare, goType: qualified };
  }
  return { schema, goType: goTypeOf(schema, library) };
}

/** What Go's decoder would call the field's type in its error. */
function goTypeOf(schema: OpenApiSchema, library: Record<string, OpenApiSchema>): string {
  if (schema['x-kubernetes-int-or-string'] === true) return 'intstr.IntOrString';
  switch (schema['type']) {
    case 'string':
      return schema['format'] === 'byte' ? '[]uint8' : 'string';
    case 'integer':
      return schema['format'] === 'int64' ? 'int64' : 'int32';
    case 'number':
      return 'float64';
    case 'boolean':
      return 'bool';
    case 'array':
      return `[]${isObject(schema['items']) ? resolve(schema['items'], library).goType : 'interface {}'}`;
    case 'object':
      if (isObject(schema['additionalProperties'])) return `map[string]${resolve(schema['additionalProperties'], library).goType}`;
      return 'struct';
    default:
      return 'interface {}';
  }
}

/** How Go's decoder names a JSON value in `cannot unmarshal <value> into …`. */
function jsonKind(value: unknown): string {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number' || typeof value === 'bigint') return 'number';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return 'array';
  return 'object';
}

/** A decoding failure: Go's message, as kube-apiserver passes it on. */
export class DecodeError extends Error {}

interface Position {
  /** The innermost Go struct being decoded. */
  structName: string;
  /** The JSON field names from the root (Go ≥ 1.20 prints the whole path). */
  path: readonly string[];
}

function mismatch(value: unknown, at: Position, goType: string, literal = false): DecodeError {
  const what = literal && (typeof value === 'number' || typeof value === 'bigint') ? `number ${String(value)}` : jsonKind(value);
  return new DecodeError(`json: cannot unmarshal ${what} into Go struct field ${at.structName}.${at.path.join('.')} of type ${goType}`);
}

const INT_RANGE: Record<string, [number, number]> = { int32: [-(2 ** 31), 2 ** 31 - 1], int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER] };

/**
 * Go's base64.StdEncoding check of a `[]byte` field (its decodeQuantum, step by step): the offset of the
 * first illegal byte, or undefined when the text decodes. Line breaks are skipped, as Go skips them.
 *
 * @example
 * base64ErrorOffset('aGk='); // undefined
 * base64ErrorOffset('not base64!'); // 3
 */
export function base64ErrorOffset(text: string): number | undefined {
  const newline = (i: number): boolean => text[i] === '\n' || text[i] === '\r';
  let si = 0;
  while (si < text.length) {
    for (let j = 0; j < 4; j++) {
      if (si === text.length) return j === 0 ? undefined : si - j;
      const c = text[si]!;
      si++;
      if (/[A-Za-z0-9+/]/.test(c)) continue;
      if (c === '\n' || c === '\r') {
        j--;
        continue;
      }
      if (c !== '=' || j < 2) return si - 1;
      if (j === 2) {
        while (si < text.length && newline(si)) si++;
        if (si === text.length) return text.length;
        if (text[si] !== '=') return si - 1;
        si++;
      }
      while (si < text.length && newline(si)) si++;
      return si < text.length ? si : undefined;
    }
  }
  return undefined;
}

function check(value: unknown, schema: OpenApiSchema, library: Record<string, OpenApiSchema>, at: Position): void {
  if (value === null || value === undefined) return;
  const resolved = resolve(schema, library);
  const s = resolved.schema;
  if (s['x-kubernetes-int-or-string'] === true) {
    if (typeof value === 'string' || typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value))) return;
    throw mismatch(value, at, 'intstr.IntOrString', true);
  }
  switch (s['type']) {
    case 'string':
      if (s['format'] === 'quantity' && (typeof value === 'number' || typeof value === 'bigint')) return; // resource.Quantity takes numbers too
      if (typeof value !== 'string') throw mismatch(value, at, resolved.goType);
      if (s['format'] === 'byte') {
        const offset = base64ErrorOffset(value);
        if (offset !== undefined) throw new DecodeError(`illegal base64 data at input byte ${offset}`);
      }
      return;
    case 'integer': {
      // Integers beyond 2^53 arrive as bigint (the server reads JSON exactly): int64 takes them, int32 does not.
      if (typeof value === 'bigint') {
        if (resolved.goType === 'int64' && value >= -(2n ** 63n) && value < 2n ** 63n) return;
        throw mismatch(value, at, resolved.goType, true);
      }
      const [min, max] = INT_RANGE[resolved.goType] ?? INT_RANGE['int64']!;
      if (typeof value !== 'number') throw mismatch(value, at, resolved.goType);
      if (!Number.isInteger(value) || value < min || value > max) throw mismatch(value, at, resolved.goType, true);
      return;
    }
    case 'number':
      if (typeof value !== 'number' && typeof value !== 'bigint') throw mismatch(value, at, resolved.goType);
      return;
    case 'boolean':
      if (typeof value !== 'boolean') throw mismatch(value, at, resolved.goType);
      return;
    case 'array': {
      if (!Array.isArray(value)) throw mismatch(value, at, resolved.goType);
      const items = s['items'];
      if (isObject(items)) for (const item of value) check(item, items, library, at);
      return;
    }
    case 'object': {
      if (!isObject(value)) throw mismatch(value, at, resolved.goType);
      const inner: Position = resolved.structName !== undefined ? { structName: resolved.structName, path: at.path } : at;
      const additional = s['additionalProperties'];
      if (isObject(additional)) {
        for (const item of Object.values(value)) check(item, additional, library, inner);
        return;
      }
      const properties = s['properties'];
      if (!isObject(properties)) return;
      for (const [key, child] of Object.entries(value)) {
        const childSchema = properties[key];
        if (isObject(childSchema)) check(child, childSchema, library, { structName: inner.structName, path: [...inner.path, key] });
      }
      return;
    }
    default:
      return;
  }
}

/**
 * The decoding error a real server's strict decoder would give for `obj` as a built-in `type`, or
 * undefined when every field the kind's schema describes has the right JSON type. `metadata` is left to
 * ObjectMeta's own validation.
 *
 * @example
 * builtinDecodeError(configMapType, { data: { a: 1 } });
 * // 'json: cannot unmarshal number into Go struct field ConfigMap.data of type string'
 */
export function builtinDecodeError(type: ResourceType, obj: KubeObject): string | undefined {
  const library = schemasOf(type);
  const root = library[builtinSchemaName(type)];
  const properties = root?.['properties'];
  if (!isObject(properties)) return undefined;
  try {
    for (const [field, value] of Object.entries(obj)) {
      if (field === 'metadata' || field === 'apiVersion' || field === 'kind') continue;
      const schema = properties[field];
      if (isObject(schema) && !isUndescribedField(schema)) check(value, schema, library, { structName: type.kind, path: [field] });
    }
  } catch (error) {
    if (error instanceof DecodeError) return error.message;
    throw error;
  }
  return undefined;
}
