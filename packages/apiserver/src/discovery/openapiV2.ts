// `GET /openapi/v2`: the Swagger 2.0 document kubectl 1.32 still needs. kubectl validates a `kind: List`
// (which no OpenAPI v3 document describes) on the client: it looks for a PATCH operation of the List's GVK
// accepting `fieldValidation` in this document, finds none, and validates each item against the v2
// definition of the item's kind (found by `x-kubernetes-group-version-kind`). The document is converted from
// the v3 documents (one source): `#/components/schemas/` refs become `#/definitions/`, an `allOf: [{$ref}]`
// wrapper becomes a plain `$ref`, and what Swagger 2.0 cannot say is dropped as kube-apiserver drops it
// (nullable types, anyOf/oneOf/not, properties under x-kubernetes-preserve-unknown-fields). The built-in
// schemas describe every field of each kind's top level and of meta/v1, but only the common fields of nested
// structs: those nested structs are published without properties (an open map), so that a real field this
// server does not describe is never reported as unknown. client-go asks for the document as protobuf
// (gnostic's openapi.v2.Document), so it is also encoded that way.
import { createHash } from 'node:crypto';
import { stringifyJson } from '@opkit/json';

type Json = Record<string, unknown>;

/** The protobuf media type client-go asks `/openapi/v2` for. */
export const OPENAPI_V2_PROTOBUF = 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf';
const LEGACY_PROTOBUF = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';
/** The Content-Type of the protobuf answer: kube-apiserver names it without the `@` (Go's mime parser refuses one). */
export const OPENAPI_V2_PROTOBUF_CONTENT_TYPE = LEGACY_PROTOBUF;

const V3_REF = '#/components/schemas/';
const V2_REF = '#/definitions/';
/** Definitions whose properties are complete: each kind's own definition and apimachinery's meta/v1 types. */
const COMPLETE_PREFIX = 'io.k8s.apimachinery.pkg.apis.meta.v1.';

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Converts one v3 schema to Swagger 2.0; `keepProperties` false publishes an object as an open map. */
function toV2Schema(schema: Json, keepProperties: boolean): Json {
  const s: Json = { ...schema };
  const allOf = s.allOf;
  if (Array.isArray(allOf) && allOf.length === 1 && isObject(allOf[0]) && typeof allOf[0].$ref === 'string') {
    delete s.allOf;
    delete s.default;
    s.$ref = allOf[0].$ref;
  }
  if (typeof s.$ref === 'string') {
    const out: Json = { $ref: s.$ref.replace(V3_REF, V2_REF) };
    if (typeof s.description === 'string') out.description = s.description;
    return out;
  }
  delete s.anyOf;
  delete s.oneOf;
  delete s.not;
  delete s.allOf;
  if (s['x-kubernetes-int-or-string'] === true) delete s.type;
  if (s.nullable === true) {
    // Swagger 2.0 has no null: kube-apiserver leaves such a field untyped.
    delete s.type;
    delete s.items;
    delete s.properties;
    delete s.additionalProperties;
    delete s.required;
  }
  delete s.nullable;
  if (s['x-kubernetes-preserve-unknown-fields'] === true || !keepProperties) {
    delete s.properties;
    delete s.required;
  }
  if (isObject(s.properties)) {
    const props: Json = {};
    for (const [k, v] of Object.entries(s.properties)) props[k] = isObject(v) ? toV2Schema(v, keepProperties) : v;
    s.properties = props;
  }
  if (isObject(s.items)) s.items = toV2Schema(s.items, keepProperties);
  if (isObject(s.additionalProperties)) s.additionalProperties = toV2Schema(s.additionalProperties, keepProperties);
  return s;
}

/** Converts a v3 operation to Swagger 2.0: parameters name their type directly. */
function toV2Operation(op: Json): Json {
  const out: Json = { ...op };
  if (Array.isArray(op.parameters)) {
    out.parameters = op.parameters.map((p: Json) => {
      const { schema, ...rest } = p;
      return { ...rest, ...(isObject(schema) ? schema : {}) };
    });
  }
  return out;
}

/**
 * The `/openapi/v2` document converted from the v3 documents of every served group-version. `customKinds`
 * names the CRDs' definitions (kept whole); built-in kinds' nested structs (not meta/v1) become open objects.
 */
export function openApiV2Document(v3Documents: Iterable<Json>, customKinds: ReadonlySet<string>, version: string): Json {
  const paths: Json = {};
  const definitions: Json = {};
  const kindNames = new Set<string>();
  for (const doc of v3Documents) {
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      const ops: Json = {};
      for (const [method, op] of Object.entries(item as Json)) ops[method] = toV2Operation(op as Json);
      paths[path] = ops;
    }
    for (const [name, schema] of Object.entries((doc.components as Json).schemas as Json)) {
      if (isObject(schema) && schema['x-kubernetes-group-version-kind'] !== undefined) kindNames.add(name);
      definitions[name] = schema;
    }
  }
  for (const [name, schema] of Object.entries(definitions)) {
    const complete = customKinds.has(name) || name.startsWith(COMPLETE_PREFIX);
    if (complete || !kindNames.has(name)) {
      definitions[name] = toV2Schema(schema as Json, complete);
      continue;
    }
    // A built-in kind: its top-level fields are complete, the structs nested in it are not.
    const top = schema as Json;
    const props: Json = {};
    for (const [k, p] of Object.entries((top.properties as Json | undefined) ?? {})) props[k] = toV2Schema(p as Json, false);
    const { properties, ...rest } = top;
    definitions[name] = { ...toV2Schema(rest, true), ...(properties ? { properties: props } : {}) };
  }
  return { swagger: '2.0', info: { title: 'Kubernetes', version }, paths, definitions };
}

/** Whether an Accept header asks `/openapi/v2` for protobuf (before JSON), as client-go does. */
export function wantsOpenApiV2Protobuf(accept: string | undefined): boolean {
  if (!accept) return false;
  for (const part of accept.split(',')) {
    const type = part.split(';')[0]?.trim().toLowerCase();
    if (type === OPENAPI_V2_PROTOBUF || type === LEGACY_PROTOBUF) return true;
    if (type === 'application/json' || type === '*/*' || type === 'application/*') return false;
  }
  return false;
}

/** The served forms of the v2 document: JSON text, protobuf bytes and their ETags. */
export interface OpenApiV2Forms {
  json: string;
  protobuf: Buffer;
  jsonEtag: string;
  protobufEtag: string;
}

/** Both encodings of a v2 document, with kube-apiserver-style quoted content-hash ETags. */
export function openApiV2Forms(doc: Json): OpenApiV2Forms {
  const json = stringifyJson(doc);
  const protobuf = encodeDocument(doc);
  const etag = (data: string | Buffer): string => `"${createHash('sha512').update(data).digest('hex').slice(0, 128).toUpperCase()}"`;
  return { json, protobuf, jsonEtag: etag(json), protobufEtag: etag(protobuf) };
}

// ---- gnostic openapi.v2 protobuf encoding (field numbers from OpenAPIv2.proto) ----

class Writer {
  private chunks: Buffer[] = [];
  private varint(n: bigint): void {
    let v = BigInt.asUintN(64, n);
    const bytes: number[] = [];
    do {
      let b = Number(v & 0x7fn);
      v >>= 7n;
      if (v > 0n) b |= 0x80;
      bytes.push(b);
    } while (v > 0n);
    this.chunks.push(Buffer.from(bytes));
  }
  private tag(field: number, wire: number): void {
    this.varint(BigInt((field << 3) | wire));
  }
  string(field: number, value: unknown): void {
    if (typeof value !== 'string' || value === '') return;
    this.bytes(field, Buffer.from(value, 'utf8'));
  }
  bytes(field: number, value: Buffer): void {
    this.tag(field, 2);
    this.varint(BigInt(value.length));
    this.chunks.push(value);
  }
  message(field: number, build: (w: Writer) => void): void {
    const w = new Writer();
    build(w);
    this.bytes(field, w.finish());
  }
  bool(field: number, value: unknown): void {
    if (value !== true) return;
    this.tag(field, 0);
    this.varint(1n);
  }
  int64(field: number, value: unknown): void {
    if (typeof value !== 'number' || !Number.isInteger(value) || value === 0) return;
    this.tag(field, 0);
    this.varint(BigInt(value));
  }
  double(field: number, value: unknown): void {
    if (typeof value !== 'number' || value === 0) return;
    this.tag(field, 1);
    const b = Buffer.alloc(8);
    b.writeDoubleLE(value);
    this.chunks.push(b);
  }
  finish(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/** gnostic's Any: the value as YAML text (JSON is YAML). */
function writeAny(w: Writer, field: number, value: unknown): void {
  w.message(field, (a) => a.string(2, `${JSON.stringify(value)}\n`));
}

function writeExtensions(w: Writer, field: number, obj: Json): void {
  for (const [k, v] of Object.entries(obj)) {
    if (!k.startsWith('x-')) continue;
    w.message(field, (n) => {
      n.string(1, k);
      writeAny(n, 2, v);
    });
  }
}

function writeSchema(w: Writer, s: Json): void {
  w.string(1, s.$ref);
  w.string(2, s.format);
  w.string(3, s.title);
  w.string(4, s.description);
  if (s.default !== undefined) writeAny(w, 5, s.default);
  w.double(6, s.multipleOf);
  w.double(7, s.maximum);
  w.bool(8, s.exclusiveMaximum);
  w.double(9, s.minimum);
  w.bool(10, s.exclusiveMinimum);
  w.int64(11, s.maxLength);
  w.int64(12, s.minLength);
  w.string(13, s.pattern);
  w.int64(14, s.maxItems);
  w.int64(15, s.minItems);
  w.bool(16, s.uniqueItems);
  w.int64(17, s.maxProperties);
  w.int64(18, s.minProperties);
  if (Array.isArray(s.required)) for (const r of s.required) w.string(19, r);
  if (Array.isArray(s.enum)) for (const e of s.enum) writeAny(w, 20, e);
  if (isObject(s.additionalProperties)) w.message(21, (a) => a.message(1, (x) => writeSchema(x, s.additionalProperties as Json)));
  else if (typeof s.additionalProperties === 'boolean') w.message(21, (a) => a.bool(2, s.additionalProperties));
  if (typeof s.type === 'string') w.message(22, (t) => t.string(1, s.type));
  if (isObject(s.items)) w.message(23, (i) => i.message(1, (x) => writeSchema(x, s.items as Json)));
  if (isObject(s.properties)) {
    w.message(25, (p) => {
      for (const [name, value] of Object.entries(s.properties as Json)) {
        p.message(1, (n) => {
          n.string(1, name);
          n.message(2, (x) => writeSchema(x, value as Json));
        });
      }
    });
  }
  writeExtensions(w, 31, s);
}

function writeOperation(w: Writer, op: Json): void {
  w.string(5, op.operationId);
  for (const p of (op.parameters as Json[] | undefined) ?? []) {
    // ParametersItem.parameter → Parameter.non_body_parameter → the sub-schema for its location.
    const sub = { header: 1, formData: 2, query: 3, path: 4 }[String(p.in)];
    if (!sub) continue;
    w.message(8, (item) =>
      item.message(1, (param) =>
        param.message(2, (nb) =>
          nb.message(sub, (q) => {
            q.bool(1, p.required);
            q.string(2, p.in);
            q.string(3, p.description);
            q.string(4, p.name);
            // The field numbers of type and uniqueItems differ by location (query and formData have allowEmptyValue).
            const shift = sub === 2 || sub === 3 ? 1 : 0;
            q.string(5 + shift, p.type);
            q.bool(19 + shift, p.uniqueItems);
          }),
        ),
      ),
    );
  }
  w.message(9, (rs) => {
    for (const [code, r] of Object.entries((op.responses as Json | undefined) ?? {})) {
      rs.message(1, (n) => {
        n.string(1, code);
        n.message(2, (rv) => rv.message(1, (resp) => resp.string(1, (r as Json).description ?? code)));
      });
    }
  });
  writeExtensions(w, 13, op);
}

const METHODS: Record<string, number> = { get: 2, put: 3, post: 4, delete: 5, options: 6, head: 7, patch: 8 };

function encodeDocument(doc: Json): Buffer {
  const w = new Writer();
  w.string(1, doc.swagger);
  const info = doc.info as Json;
  w.message(2, (i) => {
    i.string(1, info.title);
    i.string(2, info.version);
  });
  w.message(8, (ps) => {
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      ps.message(2, (n) => {
        n.string(1, path);
        n.message(2, (pi) => {
          for (const [method, op] of Object.entries(item as Json)) {
            const field = METHODS[method];
            if (field) pi.message(field, (o) => writeOperation(o, op as Json));
          }
        });
      });
    }
  });
  w.message(9, (ds) => {
    for (const [name, schema] of Object.entries(doc.definitions as Json)) {
      ds.message(1, (n) => {
        n.string(1, name);
        n.message(2, (x) => writeSchema(x, schema as Json));
      });
    }
  });
  return w.finish();
}
