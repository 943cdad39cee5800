// Validation of CustomResourceDefinitions (apiextensions.k8s.io/v1) as kube-apiserver does on create
// and update — name `<plural>.<group>`, group, names, scope, versions (unique, exactly one storage),
// structural schemas, printer columns, preserveUnknownFields — and the normalised names (singular
// and listKind defaulted) that discovery, REST paths and `status.acceptedNames` use.

import type { Cause } from '../validation/cause.js';
import { causeDuplicate, causeForbidden, causeInvalid, causeNotSupported, causeRequired, causeTooMany } from '../validation/cause.js';
import { isDns1035Label, isDns1123Subdomain } from '../validation/names.js';
import { validateObjectMeta } from '../validation/objectMeta.js';
import { validateSchemaDefaults } from './defaultsCheck.js';
import { validateStructuralSchema } from './structural.js';
import type { JsonSchema } from './types.js';
import { isPlainObject, isSchema, propertySchema } from './types.js';

/** A CRD's names with kube's defaults applied. */
export interface CrdNames {
  plural: string;
  singular: string;
  kind: string;
  listKind: string;
  shortNames: string[];
  categories: string[];
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const rec = (v: unknown): Record<string, unknown> => (isPlainObject(v) ? v : {});

/**
 * The CRD's `spec.names` with defaults: singular = lowercase kind, listKind = kind + 'List'.
 *
 * @example
 * crdNames({ spec: { names: { plural: 'widgets', kind: 'Widget' } } });
 * // { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList', shortNames: [], categories: [] }
 */
export function crdNames(crd: unknown): CrdNames {
  const names = rec(rec(rec(crd)['spec'])['names']);
  const kind = str(names['kind']);
  return {
    plural: str(names['plural']),
    singular: str(names['singular']) || kind.toLowerCase(),
    kind,
    listKind: str(names['listKind']) || (kind ? `${kind}List` : ''),
    shortNames: strList(names['shortNames']),
    categories: strList(names['categories']),
  };
}

function validateNames(names: CrdNames, path: string): Cause[] {
  const causes: Cause[] = [];
  const label = (field: string, value: string, prefix = ''): void => {
    const errs = isDns1035Label(field === 'kind' || field === 'listKind' ? value.toLowerCase() : value);
    if (value.length > 0 && errs.length > 0) causes.push(causeInvalid(`${path}.${field}`, value, prefix + errs.join(',')));
  };
  if (names.plural === '') causes.push(causeRequired(`${path}.plural`));
  else label('plural', names.plural);
  if (names.singular === '') causes.push(causeRequired(`${path}.singular`));
  else label('singular', names.singular);
  if (names.kind === '') causes.push(causeRequired(`${path}.kind`));
  else label('kind', names.kind, 'may have mixed case, but should otherwise match: ');
  if (names.listKind === '') causes.push(causeRequired(`${path}.listKind`));
  else label('listKind', names.listKind, 'may have mixed case, but should otherwise match: ');
  names.shortNames.forEach((s, i) => {
    const errs = isDns1035Label(s);
    if (errs.length > 0) causes.push(causeInvalid(`${path}.shortNames[${i}]`, s, errs.join(',')));
  });
  if (names.kind !== '' && names.kind === names.listKind) causes.push(causeInvalid(`${path}.listKind`, names.listKind, 'kind and listKind may not be the same'));
  names.categories.forEach((c, i) => {
    const errs = isDns1035Label(c);
    if (errs.length > 0) causes.push(causeInvalid(`${path}.categories[${i}]`, c, errs.join(',')));
  });
  return causes;
}

const COLUMN_TYPES = ['boolean', 'date', 'integer', 'number', 'string'];
const COLUMN_FORMATS = ['byte', 'date', 'date-time', 'double', 'float', 'int32', 'int64', 'password'];

function validateColumns(columns: unknown, path: string): Cause[] {
  if (columns === undefined) return [];
  if (!Array.isArray(columns)) return [causeInvalid(path, columns, 'must be a list of printer columns')];
  const causes: Cause[] = [];
  columns.forEach((c: unknown, i) => {
    const col = rec(c);
    const p = `${path}[${i}]`;
    if (str(col['name']) === '') causes.push(causeRequired(`${p}.name`));
    const type = str(col['type']);
    if (type === '') causes.push(causeRequired(`${p}.type`, `must be one of ${COLUMN_TYPES.join(',')}`));
    else if (!COLUMN_TYPES.includes(type)) causes.push(causeInvalid(`${p}.type`, type, `must be one of ${COLUMN_TYPES.join(',')}`));
    const format = str(col['format']);
    if (format !== '' && !COLUMN_FORMATS.includes(format)) causes.push(causeInvalid(`${p}.format`, format, `must be one of ${COLUMN_FORMATS.join(',')}`));
    const jsonPath = str(col['jsonPath']);
    if (jsonPath === '') causes.push(causeRequired(`${p}.JSONPath`));
    else if (!jsonPath.startsWith('.')) causes.push(causeInvalid(`${p}.JSONPath`, jsonPath, 'must be a simple json path starting with .'));
    if (typeof col['priority'] === 'number' && col['priority'] < 0) causes.push(causeInvalid(`${p}.priority`, col['priority'], 'must be greater than or equal to 0'));
  });
  return causes;
}

function validateScale(subresources: unknown, path: string): Cause[] {
  const scale = rec(subresources)['scale'];
  if (!isPlainObject(scale)) return [];
  const causes: Cause[] = [];
  const check = (key: string, prefixes: string[], where: string, required: boolean): void => {
    const value = str(scale[key]);
    const p = `${path}.scale.${key}`;
    if (value === '') {
      if (required) causes.push(causeRequired(p));
    } else if (!value.startsWith('.')) causes.push(causeInvalid(p, value, 'must be a simple json path starting with .'));
    else if (!prefixes.some((prefix) => value.startsWith(prefix))) causes.push(causeInvalid(p, value, `should be a json path under ${where}`));
  };
  check('specReplicasPath', ['.spec.'], '.spec', true);
  check('statusReplicasPath', ['.status.'], '.status', true);
  check('labelSelectorPath', ['.spec.', '.status.'], 'either .spec or .status', false);
  return causes;
}

function validateSelectableFields(fields: unknown, schema: unknown, path: string): Cause[] {
  if (!Array.isArray(fields)) return [];
  const causes: Cause[] = [];
  if (fields.length > 8) causes.push(causeTooMany(path, fields.length, 8));
  const seen = new Set<string>();
  fields.forEach((f: unknown, i) => {
    const jsonPath = str(rec(f)['jsonPath']);
    const p = `${path}[${i}].jsonPath`;
    if (jsonPath === '') {
      causes.push(causeRequired(p));
      return;
    }
    const parts = jsonPath.startsWith('.') ? jsonPath.slice(1).split('.') : [];
    let node: JsonSchema | undefined = isSchema(schema) ? schema : undefined;
    for (const part of parts) node = part === '' ? undefined : propertySchema(node, part);
    if (node === undefined) {
      causes.push(causeInvalid(p, jsonPath, 'is an invalid path: does not refer to a valid field'));
      return;
    }
    if (parts[0] === 'metadata') causes.push(causeInvalid(p, jsonPath, 'must not point to fields in metadata'));
    if (node.type !== 'string' && node.type !== 'boolean' && node.type !== 'integer') {
      causes.push(causeInvalid(p, jsonPath, 'must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed'));
    }
    if (seen.has(jsonPath)) causes.push(causeDuplicate(p, jsonPath));
    seen.add(jsonPath);
  });
  return causes;
}

function validateVersions(versions: unknown, path: string): Cause[] {
  if (!Array.isArray(versions) || versions.length === 0) return [causeInvalid(path, [], 'must have exactly one version marked as storage version')];
  const causes: Cause[] = [];
  const seen = new Set<string>();
  let unique = true;
  let storage = 0;
  versions.forEach((raw: unknown, i) => {
    const v = rec(raw);
    const p = `${path}[${i}]`;
    const name = str(v['name']);
    if (seen.has(name)) unique = false;
    seen.add(name);
    if (name === '') causes.push(causeRequired(`${p}.name`));
    else {
      const errs = isDns1035Label(name);
      if (errs.length > 0) causes.push(causeInvalid(`${p}.name`, name, errs.join(',')));
    }
    if (v['storage'] === true) storage++;
    if (typeof v['served'] !== 'boolean' && v['served'] !== undefined) causes.push(causeInvalid(`${p}.served`, v['served'], 'must be a boolean'));
    const schema = rec(v['schema'])['openAPIV3Schema'];
    if (schema === undefined) causes.push(causeRequired(`${p}.schema.openAPIV3Schema`, 'schemas are required'));
    else {
      const structural = validateStructuralSchema(schema, `${p}.schema.openAPIV3Schema`);
      causes.push(...structural);
      // Like kube, defaults are only checked once the schema itself is structural.
      if (structural.length === 0 && isSchema(schema)) causes.push(...validateSchemaDefaults(schema, `${p}.schema.openAPIV3Schema`));
    }
    causes.push(...validateColumns(v['additionalPrinterColumns'], `${p}.additionalPrinterColumns`));
    causes.push(...validateScale(v['subresources'], `${p}.subresources`));
    causes.push(...validateSelectableFields(v['selectableFields'], schema, `${p}.selectableFields`));
  });
  if (!unique) causes.push(causeInvalid(path, versions, 'must contain unique version names'));
  if (storage !== 1) causes.push(causeInvalid(path, versions, 'must have exactly one version marked as storage version'));
  return causes;
}

/**
 * Validates a CRD for create/update and returns the causes for a 422 Invalid answer (empty when
 * valid). Names are checked after defaulting (see `crdNames`).
 *
 * @example
 * validateCrd({ metadata: { name: 'widgets.example.com' }, spec: { group: 'example.com', scope: 'Namespaced', names: { plural: 'widgets', kind: 'Widget' }, versions: [...] } });
 */
export function validateCrd(crd: unknown): Cause[] {
  const obj = rec(crd);
  const spec = rec(obj['spec']);
  const names = crdNames(obj);
  const group = str(spec['group']);
  const causes: Cause[] = [];
  const meta = rec(obj['metadata']);
  causes.push(...validateObjectMeta(meta, { namespaced: false, nameValidation: 'dns1123-subdomain' }));
  const name = str(meta['name']);
  if (name !== '' && name !== `${names.plural}.${group}`) causes.push(causeInvalid('metadata.name', name, 'must be spec.names.plural+"."+spec.group'));
  if (group === '') causes.push(causeRequired('spec.group'));
  else {
    const errs = isDns1123Subdomain(group);
    if (errs.length > 0) causes.push(causeInvalid('spec.group', group, errs.join(',')));
    else if (group.split('.').length < 2) causes.push(causeInvalid('spec.group', group, 'should be a domain with at least one dot'));
  }
  const scope = str(spec['scope']);
  if (scope === '') causes.push(causeRequired('spec.scope'));
  else if (scope !== 'Cluster' && scope !== 'Namespaced') causes.push(causeNotSupported('spec.scope', scope, ['Cluster', 'Namespaced']));
  causes.push(...validateNames(names, 'spec.names'));
  causes.push(...validateVersions(spec['versions'], 'spec.versions'));
  if (spec['preserveUnknownFields'] === true) {
    causes.push(causeInvalid('spec.preserveUnknownFields', true, 'cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead'));
  }
  causes.push(...validateConversion(spec['conversion']));
  const storedVersions = rec(obj['status'])['storedVersions'];
  // Every version still stored must stay in spec.versions (a storage migration trims storedVersions first).
  if (Array.isArray(storedVersions)) causes.push(...validateStoredVersions(storedVersions, spec['versions'], false));
  return causes;
}

/** The ConversionReview versions kube-apiserver can send. */
const REVIEW_VERSIONS = ['v1', 'v1beta1'];

/**
 * kube's checks of `spec.conversion` (reported at its internal paths: `webhook.clientConfig` is
 * `webhookClientConfig` there): Webhook needs a clientConfig with exactly one of url and service, a
 * caBundle that is PEM, and conversionReviewVersions naming v1 or v1beta1; None may have neither.
 */
function validateConversion(conversion: unknown): Cause[] {
  if (conversion === undefined || conversion === null) return [];
  const c = rec(conversion);
  const causes: Cause[] = [];
  const strategy = str(c['strategy']);
  const path = 'spec.conversion';
  if (strategy === '') causes.push(causeRequired(`${path}.strategy`));
  else if (strategy !== 'None' && strategy !== 'Webhook') causes.push(causeNotSupported(`${path}.strategy`, strategy, ['None', 'Webhook']));
  const webhook = c['webhook'] === undefined || c['webhook'] === null ? undefined : rec(c['webhook']);
  const clientConfig = webhook?.['clientConfig'] === undefined || webhook['clientConfig'] === null ? undefined : rec(webhook['clientConfig']);
  const reviewVersions = webhook?.['conversionReviewVersions'];
  if (strategy === 'Webhook') {
    if (!clientConfig) causes.push(causeRequired(`${path}.webhookClientConfig`, 'required when strategy is set to Webhook'));
    else {
      const url = clientConfig['url'];
      const service = clientConfig['service'];
      if ((url === undefined || url === null) === (service === undefined || service === null)) {
        causes.push(causeRequired(`${path}.webhookClientConfig`, 'exactly one of url or service is required'));
      } else if (typeof url === 'string') causes.push(...validateWebhookUrl(url, `${path}.webhookClientConfig.url`));
      else {
        const svc = rec(service);
        if (str(svc['name']) === '') causes.push(causeRequired(`${path}.webhookClientConfig.service.name`, 'service name is required'));
        if (str(svc['namespace']) === '') causes.push(causeRequired(`${path}.webhookClientConfig.service.namespace`, 'service namespace is required'));
        const port = svc['port'];
        if (port !== undefined && (typeof port !== 'number' || port < 1 || port > 65535)) causes.push(causeInvalid(`${path}.webhookClientConfig.service.port`, port, 'port is not valid: must be between 1 and 65535, inclusive'));
      }
      const caBundle = clientConfig['caBundle'];
      if (typeof caBundle === 'string' && caBundle !== '' && !isPemBundle(caBundle)) {
        causes.push(causeInvalid(`${path}.webhookClientConfig.caBundle`, '', 'unable to load root certificates: unable to parse bytes as PEM block'));
      }
    }
    causes.push(...validateReviewVersions(reviewVersions, `${path}.conversionReviewVersions`));
  } else {
    if (clientConfig) causes.push(causeForbidden(`${path}.webhookClientConfig`, 'should not be set when strategy is not set to Webhook'));
    if (Array.isArray(reviewVersions) && reviewVersions.length > 0) causes.push(causeForbidden(`${path}.conversionReviewVersions`, 'should not be set when strategy is not set to Webhook'));
  }
  return causes;
}

function validateReviewVersions(versions: unknown, path: string): Cause[] {
  if (!Array.isArray(versions) || versions.length === 0) return [causeRequired(path)];
  const causes: Cause[] = [];
  const seen = new Set<string>();
  let known = false;
  versions.forEach((raw: unknown, i) => {
    const v = str(raw);
    if (seen.has(v)) {
      causes.push(causeInvalid(`${path}[${i}]`, v, 'duplicate version'));
      return;
    }
    seen.add(v);
    for (const e of isDns1035Label(v)) causes.push(causeInvalid(`${path}[${i}]`, v, e));
    if (REVIEW_VERSIONS.includes(v)) known = true;
  });
  if (!known) causes.push(causeInvalid(path, versions, `must include at least one of ${REVIEW_VERSIONS.join(', ')}`));
  return causes;
}

/** kube's ValidateWebhookURL (https only, no user info, fragment or query). */
function validateWebhookUrl(raw: string, path: string): Cause[] {
  let url: URL;
  try {
    url = new URL(raw);
  } catch (error) {
    return [causeInvalid(path, raw, `host must be specified`)];
  }
  const causes: Cause[] = [];
  if (url.protocol !== 'https:') causes.push(causeInvalid(path, raw, "'https' is the only allowed URL scheme"));
  if (url.hostname === '') causes.push(causeInvalid(path, raw, 'host must be specified'));
  if (url.username !== '' || url.password !== '') causes.push(causeInvalid(path, raw, 'user information is not permitted in the URL'));
  if (url.hash !== '') causes.push(causeInvalid(path, raw, 'fragments are not permitted in the URL'));
  if (url.search !== '') causes.push(causeInvalid(path, raw, 'query parameters are not permitted in the URL'));
  return causes;
}

/** Whether a base64 caBundle holds at least one PEM certificate. */
function isPemBundle(caBundle: string): boolean {
  const text = Buffer.from(caBundle, 'base64').toString('utf8');
  return /-----BEGIN [A-Z ]+-----[\s\S]+?-----END [A-Z ]+-----/.test(text);
}

/**
 * kube's ValidateCustomResourceDefinitionStoredVersions: at least one; each in spec.versions; and (a
 * status write, `requireStorage`) the storage version among them.
 *
 * @example
 * validateStoredVersions(['v1'], crd.spec.versions, true);
 */
export function validateStoredVersions(storedVersions: unknown[], versions: unknown, requireStorage: boolean): Cause[] {
  const path = 'status.storedVersions';
  if (storedVersions.length === 0) return requireStorage ? [causeInvalid(path, storedVersions, 'must have at least one stored version')] : [];
  const causes: Cause[] = [];
  const left = new Map<string, number>();
  storedVersions.forEach((v, i) => left.set(str(v), i));
  for (const raw of Array.isArray(versions) ? versions : []) {
    const v = rec(raw);
    const name = str(v['name']);
    if (requireStorage && v['storage'] === true && !left.has(name)) causes.push(causeInvalid(path, storedVersions, `must have the storage version ${name}`));
    left.delete(name);
  }
  for (const [v, i] of left) causes.push(causeInvalid(`${path}[${i}]`, v, 'must appear in spec.versions'));
  return causes;
}

/**
 * Validates a write of a CRD's status subresource (what a storage migration does to trim storedVersions).
 *
 * @example
 * validateCrdStatus(crdWithStatus);
 */
export function validateCrdStatus(crd: unknown): Cause[] {
  const obj = rec(crd);
  const stored = rec(obj['status'])['storedVersions'];
  return validateStoredVersions(Array.isArray(stored) ? stored : [], rec(obj['spec'])['versions'], true);
}

/** Schema keywords that hold schemas, one (`not`), a list (`allOf`) or a map (`properties`). */
const SCHEMA_KEYWORDS = ['items', 'additionalProperties', 'additionalItems', 'not'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'items'];
const SCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', 'dependencies'];
/** JSONSchemaProps keywords that are `*float64` in Go: an int64 there becomes the nearest float64. */
const FLOAT_KEYWORDS = ['maximum', 'minimum', 'multipleOf'];

function floatBounds(node: unknown): unknown {
  if (!isPlainObject(node)) return node;
  let out: Record<string, unknown> | undefined;
  const set = (key: string, value: unknown): void => {
    if (value === node[key]) return;
    out ??= { ...node };
    out[key] = value;
  };
  for (const key of FLOAT_KEYWORDS) if (typeof node[key] === 'bigint') set(key, Number(node[key]));
  for (const key of SCHEMA_KEYWORDS) if (isPlainObject(node[key])) set(key, floatBounds(node[key]));
  for (const key of SCHEMA_LISTS) {
    const list = node[key];
    if (!Array.isArray(list)) continue;
    const mapped = list.map(floatBounds);
    if (mapped.some((item, index) => item !== list[index])) set(key, mapped);
  }
  for (const key of SCHEMA_MAPS) {
    const map = node[key];
    if (!isPlainObject(map)) continue;
    let copy: Record<string, unknown> | undefined;
    for (const [name, child] of Object.entries(map)) {
      const mapped = floatBounds(child);
      if (mapped === child) continue;
      copy ??= { ...map };
      copy[name] = mapped;
    }
    if (copy) set(key, copy);
  }
  return out ?? node;
}

/**
 * The CRD as kube-apiserver stores it: `maximum`, `minimum` and `multipleOf` of every schema node are
 * float64 in Go's JSONSchemaProps, so an integer beyond 2^53 there (a bigint) becomes the nearest float
 * (`9007199254740993` → `9007199254740992`). `default`, `enum` and `example` are raw JSON and keep every
 * digit. Returns the CRD itself when nothing changes.
 *
 * @example
 * floatSchemaBounds(crd).spec.versions[0].schema.openAPIV3Schema.properties.n.maximum; // a number
 */
export function floatSchemaBounds<T>(crd: T): T {
  if (!isPlainObject(crd) || !isPlainObject(crd['spec']) || !Array.isArray(crd['spec']['versions'])) return crd;
  const versions = crd['spec']['versions'] as unknown[];
  let changed = false;
  const mapped = versions.map((version) => {
    if (!isPlainObject(version) || !isPlainObject(version['schema'])) return version;
    const schema = version['schema'];
    const root = floatBounds(schema['openAPIV3Schema']);
    if (root === schema['openAPIV3Schema']) return version;
    changed = true;
    return { ...version, schema: { ...schema, openAPIV3Schema: root } };
  });
  return changed ? ({ ...crd, spec: { ...crd['spec'], versions: mapped } }) : crd;
}
