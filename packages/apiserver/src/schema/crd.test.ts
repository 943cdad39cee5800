// Tests of CRD validation (names, group, scope, versions, schemas, printer columns) and crdNames.
import { describe, expect, it } from 'vitest';
import { crdNames, validateCrd } from './crd.js';
import { validateStructuralSchema } from './structural.js';

function crd(overrides: { metadata?: unknown; spec?: Record<string, unknown> } = {}): Record<string, unknown> {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: overrides.metadata ?? { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural: 'widgets', kind: 'Widget', shortNames: ['wd'], categories: ['all'] },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } } } } },
          additionalPrinterColumns: [{ name: 'Size', type: 'integer', jsonPath: '.spec.size' }],
        },
      ],
      ...overrides.spec,
    },
  };
}

const fields = (c: { field: string }[]): string[] => c.map((x) => x.field);

describe('validateCrd', () => {
  it('accepts a well-formed CRD', () => {
    expect(validateCrd(crd())).toEqual([]);
  });

  it('accepts the Kopf example CRD', () => {
    const kopf = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'kopfexamples.kopf.dev' },
      spec: {
        scope: 'Namespaced',
        group: 'kopf.dev',
        names: { kind: 'KopfExample', plural: 'kopfexamples', singular: 'kopfexample', shortNames: ['kopfexes', 'kopfex', 'kexes', 'kex'] },
        versions: [
          {
            name: 'v1',
            served: true,
            storage: true,
            subresources: { status: {} },
            schema: {
              openAPIV3Schema: {
                type: 'object',
                properties: {
                  spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
                  status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
                },
              },
            },
            additionalPrinterColumns: [
              { name: 'Duration', type: 'string', priority: 0, jsonPath: '.spec.duration', description: 'For how long the pod should sleep.' },
              { name: 'Children', type: 'string', priority: 0, jsonPath: '.status.create_fn.children', description: 'The children pods created.' },
              { name: 'Message', type: 'string', priority: 0, jsonPath: '.status.create_fn.message', description: 'As returned from the handler (sometimes).' },
            ],
          },
        ],
      },
    };
    expect(validateCrd(kopf)).toEqual([]);
  });

  it('requires metadata.name to be <plural>.<group>', () => {
    expect(validateCrd(crd({ metadata: { name: 'gadgets.example.com' } }))).toEqual([
      { reason: 'FieldValueInvalid', field: 'metadata.name', message: 'Invalid value: "gadgets.example.com": must be spec.names.plural+"."+spec.group' },
    ]);
  });

  it('checks the group', () => {
    expect(validateCrd(crd({ metadata: { name: 'widgets.example' }, spec: { group: 'example' } }))).toEqual([
      { reason: 'FieldValueInvalid', field: 'spec.group', message: 'Invalid value: "example": should be a domain with at least one dot' },
    ]);
    expect(fields(validateCrd(crd({ metadata: { name: 'widgets.' }, spec: { group: '' } })))).toContain('spec.group');
  });

  it('checks the scope', () => {
    expect(validateCrd(crd({ spec: { scope: 'Global' } }))).toEqual([
      { reason: 'FieldValueNotSupported', field: 'spec.scope', message: 'Unsupported value: "Global": supported values: "Cluster", "Namespaced"' },
    ]);
    expect(validateCrd(crd({ spec: { scope: undefined } }))).toEqual([{ reason: 'FieldValueRequired', field: 'spec.scope', message: 'Required value' }]);
  });

  it('checks the names', () => {
    const bad = crd({
      metadata: { name: 'Widgets.example.com' },
      spec: { names: { plural: 'Widgets', kind: 'Wid get', listKind: 'Wid get', shortNames: ['ok', 'Bad'], categories: ['-x'] } },
    });
    expect(fields(validateCrd(bad))).toEqual([
      'metadata.name',
      'spec.names.plural',
      'spec.names.singular',
      'spec.names.kind',
      'spec.names.listKind',
      'spec.names.shortNames[1]',
      'spec.names.listKind',
      'spec.names.categories[0]',
    ]);
    const kindCause = validateCrd(bad).find((c) => c.field === 'spec.names.kind');
    expect(kindCause?.message).toMatch(/^Invalid value: "Wid get": may have mixed case, but should otherwise match: a DNS-1035 label/);
  });

  it('requires plural and kind', () => {
    expect(fields(validateCrd(crd({ metadata: { name: '.example.com' }, spec: { names: {} } })))).toEqual([
      'metadata.name',
      'spec.names.plural',
      'spec.names.singular',
      'spec.names.kind',
      'spec.names.listKind',
    ]);
  });

  it('requires exactly one storage version and unique version names', () => {
    const v = (name: string, storage: boolean): Record<string, unknown> => ({ name, served: true, storage, schema: { openAPIV3Schema: { type: 'object' } } });
    const noStorage = validateCrd(crd({ spec: { versions: [v('v1', false)] } }));
    expect(fields(noStorage)).toEqual(['spec.versions']);
    expect(noStorage[0]?.message).toMatch(/^Invalid value: \[\]interface \{\}\{map\[string\]interface \{\}\{"name":"v1", .*\}: must have exactly one version marked as storage version$/);
    expect(validateCrd(crd({ spec: { versions: [v('v1', true), v('v1', false)] } })).map((c) => c.message.split(': ').pop())).toEqual(['must contain unique version names']);
    expect(validateCrd(crd({ spec: { versions: [v('v1', true), v('v2', true)] } })).map((c) => c.message.split(': ').pop())).toEqual([
      'must have exactly one version marked as storage version',
    ]);
    expect(validateCrd(crd({ spec: { versions: [] } }))).toEqual([
      { reason: 'FieldValueInvalid', field: 'spec.versions', message: 'Invalid value: []interface {}{}: must have exactly one version marked as storage version' },
    ]);
    expect(fields(validateCrd(crd({ spec: { versions: [v('V1', true)] } })))).toEqual(['spec.versions[0].name']);
  });

  it('requires a schema per version', () => {
    expect(validateCrd(crd({ spec: { versions: [{ name: 'v1', served: true, storage: true }] } }))).toEqual([
      { reason: 'FieldValueRequired', field: 'spec.versions[0].schema.openAPIV3Schema', message: 'Required value: schemas are required' },
    ]);
  });

  it('checks printer columns', () => {
    const versions = [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: { openAPIV3Schema: { type: 'object' } },
        additionalPrinterColumns: [{ name: 'A', type: 'text', jsonPath: 'spec.a' }, { name: '', type: '', format: 'weird' }],
      },
    ];
    expect(validateCrd(crd({ spec: { versions } })).map((c) => `${c.field}: ${c.message}`)).toEqual([
      'spec.versions[0].additionalPrinterColumns[0].type: Invalid value: "text": must be one of boolean,date,integer,number,string',
      'spec.versions[0].additionalPrinterColumns[0].JSONPath: Invalid value: "spec.a": must be a simple json path starting with .',
      'spec.versions[0].additionalPrinterColumns[1].name: Required value',
      'spec.versions[0].additionalPrinterColumns[1].type: Required value: must be one of boolean,date,integer,number,string',
      'spec.versions[0].additionalPrinterColumns[1].format: Invalid value: "weird": must be one of byte,date,date-time,double,float,int32,int64,password',
      'spec.versions[0].additionalPrinterColumns[1].JSONPath: Required value',
    ]);
  });

  it('checks scale subresource paths', () => {
    const version = (scale: Record<string, unknown>): Record<string, unknown> => ({
      name: 'v1',
      served: true,
      storage: true,
      schema: { openAPIV3Schema: { type: 'object' } },
      subresources: { status: {}, scale },
    });
    expect(validateCrd(crd({ spec: { versions: [version({ specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' })] } }))).toEqual([]);
    expect(validateCrd(crd({ spec: { versions: [version({ specReplicasPath: '.status.replicas', labelSelectorPath: '.x' })] } })).map((c) => `${c.field}: ${c.message}`)).toEqual([
      'spec.versions[0].subresources.scale.specReplicasPath: Invalid value: ".status.replicas": should be a json path under .spec',
      'spec.versions[0].subresources.scale.statusReplicasPath: Required value',
      'spec.versions[0].subresources.scale.labelSelectorPath: Invalid value: ".x": should be a json path under either .spec or .status',
    ]);
  });

  it('checks selectable fields against the schema', () => {
    const schema = {
      type: 'object',
      properties: { spec: { type: 'object', properties: { color: { type: 'string' }, size: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } } } },
    };
    const version = (fieldsList: unknown[]): Record<string, unknown> => ({ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema }, selectableFields: fieldsList });
    expect(validateCrd(crd({ spec: { versions: [version([{ jsonPath: '.spec.color' }, { jsonPath: '.spec.size' }])] } }))).toEqual([]);
    const causes = validateCrd(crd({ spec: { versions: [version([{ jsonPath: '.spec.tags' }, { jsonPath: '.spec.nope' }, { jsonPath: '.spec.color' }, { jsonPath: '.spec.color' }, {}])] } }));
    expect(causes.map((c) => `${c.field}: ${c.message}`)).toEqual([
      'spec.versions[0].selectableFields[0].jsonPath: Invalid value: ".spec.tags": must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed',
      'spec.versions[0].selectableFields[1].jsonPath: Invalid value: ".spec.nope": is an invalid path: does not refer to a valid field',
      'spec.versions[0].selectableFields[3].jsonPath: Duplicate value: ".spec.color"',
      'spec.versions[0].selectableFields[4].jsonPath: Required value',
    ]);
  });

  it('rejects defaults that violate their own schema', () => {
    const openAPIV3Schema = {
      type: 'object',
      properties: {
        spec: {
          type: 'object',
          properties: {
            size: { type: 'integer', default: 'big' },
            mode: { type: 'string', enum: ['a', 'b'], default: 'c' },
            ok: { type: 'integer', minimum: 1, default: 2 },
            obj: { type: 'object', properties: { n: { type: 'integer' } }, default: { n: 'x' } },
          },
        },
      },
    };
    const causes = validateCrd(crd({ spec: { versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema } }] } }));
    const at = 'spec.versions[0].schema.openAPIV3Schema.properties[spec]';
    expect(causes.map((c) => `${c.field}: ${c.message}`)).toEqual([
      `${at}.properties[size].default: Invalid value: "string": in body must be of type integer: "string"`,
      `${at}.properties[mode].default: Unsupported value: "c": supported values: "a", "b"`,
      `${at}.properties[obj].default.n: Invalid value: "string": n in body must be of type integer: "string"`,
    ]);
  });

  it('rejects preserveUnknownFields: true', () => {
    expect(fields(validateCrd(crd({ spec: { preserveUnknownFields: true } })))).toEqual(['spec.preserveUnknownFields']);
  });
});

describe('validateStructuralSchema', () => {
  const at = 'spec.versions[0].schema.openAPIV3Schema';

  it('requires types everywhere except int-or-string and preserve-unknown-fields nodes', () => {
    const causes = validateStructuralSchema(
      {
        type: 'object',
        properties: {
          spec: { properties: { a: { type: 'string' } } },
          port: { 'x-kubernetes-int-or-string': true },
          free: { 'x-kubernetes-preserve-unknown-fields': true },
          list: { type: 'array', items: {} },
        },
      },
      at,
    );
    // Structural errors come sorted by their text, as kube sorts them.
    expect(causes.map((c) => `${c.field}: ${c.message}`)).toEqual([
      `${at}.properties[list].items.type: Required value: must not be empty for specified array items`,
      `${at}.properties[spec].type: Required value: must not be empty for specified object fields`,
    ]);
  });

  it('requires an object at the root', () => {
    expect(validateStructuralSchema({}, at).map((c) => c.message)).toEqual(['Required value: must not be empty at the root']);
    expect(validateStructuralSchema({ type: 'string' }, at).map((c) => c.message)).toEqual(['Invalid value: "string": must be object at the root']);
  });

  it('restricts root metadata to name and generateName', () => {
    const causes = validateStructuralSchema({ type: 'object', properties: { metadata: { type: 'object', properties: { labels: { type: 'object' } } } } }, at);
    expect(causes).toEqual([
      {
        reason: 'FieldValueForbidden',
        field: `${at}.properties[metadata]`,
        message: 'Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified',
      },
    ]);
    expect(validateStructuralSchema({ type: 'object', properties: { metadata: { type: 'object', properties: { name: { type: 'string', maxLength: 10 } } } } }, at)).toEqual([]);
  });

  it('forbids constructs a structural schema may not use', () => {
    const causes = validateStructuralSchema(
      {
        type: 'object',
        properties: {
          a: { type: 'object', additionalProperties: false },
          b: { type: 'object', properties: { x: { type: 'string' } }, additionalProperties: { type: 'string' } },
          c: { type: 'array', items: [{ type: 'string' }] },
          d: { type: 'array' },
          e: { type: 'array', uniqueItems: true, items: { type: 'string' } },
          f: { $ref: '#/x', type: 'string' },
          g: { type: 'array', items: { type: 'object' }, 'x-kubernetes-list-type': 'map' },
          h: { type: 'thing' },
          i: { type: 'string', anyOf: [{ default: 'x' }] },
          j: { type: 'object', 'x-kubernetes-preserve-unknown-fields': false },
        },
      },
      at,
    );
    // API checks in walk order, then the sorted structural invariants.
    expect(causes.map((c) => c.field.slice(at.length + 1))).toEqual([
      'properties[a].additionalProperties',
      'properties[b].additionalProperties',
      'properties[c].items',
      'properties[e].uniqueItems',
      'properties[f].$ref',
      'properties[g].x-kubernetes-list-map-keys',
      'properties[h].type',
      'properties[j].x-kubernetes-preserve-unknown-fields',
      'properties[d].items',
      'properties[i].anyOf[0].default',
    ]);
  });

  it('checks what sets and map lists ask of their items, as kube-apiserver does for new CRDs', () => {
    const list = (items: unknown, listType: string, keys?: string[]): unknown => ({
      type: 'array', items, 'x-kubernetes-list-type': listType, ...(keys ? { 'x-kubernetes-list-map-keys': keys } : {}),
    });
    const causes = validateStructuralSchema(
      {
        type: 'object',
        properties: {
          a: list({ type: 'object', properties: { k: { type: 'string' } } }, 'map', ['k']),
          b: list({ type: 'object', required: ['k'], properties: { k: { type: 'string', nullable: true } } }, 'map', ['k']),
          c: list({ type: 'object', required: ['k'], properties: { k: { type: 'object' } } }, 'map', ['k', 'k']),
          d: list({ type: 'object', properties: { k: { type: 'string', default: 'x' } } }, 'map', ['z']),
          e: list({ type: 'string', nullable: true }, 'set'),
          f: list({ type: 'object', properties: { a: { type: 'string' } } }, 'set'),
          g: list({ type: 'object', 'x-kubernetes-map-type': 'atomic', properties: { a: { type: 'string' } } }, 'set'),
          h: list({ type: 'object', required: ['k'], properties: { k: { type: 'string' } } }, 'map', ['k']),
        },
      },
      at,
    );
    expect(causes.map((c) => `${c.field.slice(at.length + 1)}: ${c.message}`)).toEqual([
      'properties[a].items.properties[k].default: Required value: this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property',
      'properties[b].items.properties[k].nullable: Forbidden: this property is in x-kubernetes-list-map-keys, so it cannot be nullable',
      'properties[c].items.properties[k].type: Invalid value: "object": must be a scalar type if parent array\'s x-kubernetes-list-type is map',
      'properties[c].items.properties[k].type: Invalid value: "object": must be a scalar type if parent array\'s x-kubernetes-list-type is map',
      'properties[c].x-kubernetes-list-map-keys: Invalid value: []string{"k", "k"}: must not contain duplicate entries',
      'properties[d].x-kubernetes-list-map-keys: Invalid value: []string{"z"}: entries must all be names of item properties',
      'properties[e].items.nullable: Forbidden: cannot be nullable when x-kubernetes-list-type is set',
      'properties[f].items.x-kubernetes-map-type: Invalid value: "null": must be atomic as item of a list with x-kubernetes-list-type=set',
    ]);
  });

  it('checks embedded resources, root additionalProperties and int-or-string extensions', () => {
    const causes = validateStructuralSchema(
      {
        type: 'object',
        additionalProperties: { type: 'string' },
        properties: {
          emb: { 'x-kubernetes-embedded-resource': true },
          emb2: { type: 'object', 'x-kubernetes-embedded-resource': true, properties: { kind: { type: 'integer' } } },
          ios: { 'x-kubernetes-int-or-string': true, 'x-kubernetes-preserve-unknown-fields': true },
        },
      },
      at,
    );
    expect(causes.map((c) => `${c.field.slice(at.length + 1)}: ${c.message}`)).toEqual([
      'additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive',
      'additionalProperties: Forbidden: must not be used at the root',
      'properties[emb2].properties[kind].type: Invalid value: "integer": must be string',
      'properties[emb].properties: Required value: must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields',
      'properties[emb].type: Required value: must be object if x-kubernetes-embedded-resource is true',
      'properties[ios].x-kubernetes-preserve-unknown-fields: Invalid value: true: must be false if x-kubernetes-int-or-string is true',
    ]);
  });

  it('allows the int-or-string anyOf pattern but no structure in other junctors', () => {
    const ok = { type: 'object', properties: { port: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] } } };
    expect(validateStructuralSchema(ok, at)).toEqual([]);
    const bad = {
      type: 'object',
      properties: { x: { type: 'object', properties: { a: { type: 'string' } }, oneOf: [{ description: 'd', properties: { metadata: {} } }], not: { nullable: true } } },
    };
    expect(validateStructuralSchema(bad, at).map((c) => `${c.field.slice(at.length + 1)}: ${c.message}`)).toEqual([
      'properties[x].not.nullable: Forbidden: must be false to be structural',
      'properties[x].oneOf[0].description: Forbidden: must be empty to be structural',
      'properties[x].oneOf[0].properties[metadata]: Forbidden: must not be specified in a nested context',
    ]);
  });
});

describe('crdNames', () => {
  it('defaults singular and listKind', () => {
    expect(crdNames(crd())).toEqual({ plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList', shortNames: ['wd'], categories: ['all'] });
  });

  it('keeps explicit singular and listKind', () => {
    expect(crdNames({ spec: { names: { plural: 'ps', singular: 'p', kind: 'P', listKind: 'Ps' } } })).toMatchObject({ singular: 'p', listKind: 'Ps' });
  });

  it('tolerates garbage', () => {
    expect(crdNames(null)).toEqual({ plural: '', singular: '', kind: '', listKind: '', shortNames: [], categories: [] });
  });
});
