// `meta.k8s.io/v1 Table` responses for `kubectl get`: column definitions (Name first, then the
// resource's printer columns), one row per object with cells formatted per column type exactly as
// kube-apiserver's CRD table convertor does, and the row object as PartialObjectMetadata, the full
// object, or null according to `includeObject`.

import { goJson, goPrint } from '../validation/goFormat.js';
import { timeValid } from '../validation/microTime.js';
import { humanDuration } from './humanDuration.js';
import type { JsonPathSegment } from './jsonPath.js';
import { evaluateJsonPathAll, parseJsonPath } from './jsonPath.js';

/** A printer column: a CRD `additionalPrinterColumns` entry, or a built-in column with `value`. */
export interface PrinterColumn {
  name: string;
  /** `integer`, `number`, `string`, `boolean` or `date`. */
  type: string;
  /** Where the cell comes from (`.spec.replicas`); ignored when `value` is given. */
  jsonPath?: string;
  /** Computes the raw cell value for built-in columns (e.g. the number of ConfigMap keys). */
  value?: (obj: Record<string, any>) => unknown;
  /** Computes the finished cell verbatim (no per-type formatting), e.g. a `Created At` timestamp; `now` is epoch ms. */
  cell?: (obj: Record<string, any>, now: number) => unknown;
  format?: string;
  description?: string;
  priority?: number;
}

/** `TableColumnDefinition` as served. */
export interface TableColumnDefinition {
  name: string;
  type: string;
  format: string;
  description: string;
  priority: number;
}

/** `TableRow` as served. */
export interface TableRow {
  cells: unknown[];
  object?: unknown;
}

/** `ListMeta` of the table. */
export interface TableListMeta {
  resourceVersion?: string;
  continue?: string;
  remainingItemCount?: number;
}

/** A `meta.k8s.io/v1 Table`. */
export interface Table {
  kind: 'Table';
  apiVersion: 'meta.k8s.io/v1';
  metadata: TableListMeta;
  columnDefinitions: TableColumnDefinition[];
  rows: TableRow[];
}

/** Options of `buildTable`. */
export interface BuildTableOptions {
  /** What each row's `object` carries (`?includeObject=`). @defaultValue 'Metadata' */
  includeObject?: 'None' | 'Metadata' | 'Object';
  /** The table's `metadata` (resourceVersion, continue, remainingItemCount). */
  listMeta?: TableListMeta;
  /** "Now" for age cells, as epoch milliseconds or a Date. @defaultValue Date.now() */
  now?: number | Date;
}

/** ObjectMeta's description of `name`, used by kube for the Name column. */
export const NAME_COLUMN_DESCRIPTION =
  'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names';

/** ObjectMeta's description of `creationTimestamp`, used by kube for the default Age column. */
export const CREATION_TIMESTAMP_DESCRIPTION =
  'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata';

/** The column a CRD gets when it declares no `additionalPrinterColumns`. */
export const AGE_COLUMN: PrinterColumn = { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp', description: CREATION_TIMESTAMP_DESCRIPTION };

/**
 * Formats a raw value for a cell of the given column type, like kube's `cellForJSONValue`: integers
 * truncate, numbers stay numbers, dates become ages (`<invalid>` if unparseable, `<unknown>` if
 * empty), strings print lists and maps as JSON and other scalars Go-style; a value of the wrong
 * type is `null`.
 *
 * @example
 * formatCell('date', '2026-01-01T00:00:00Z', Date.parse('2026-01-01T00:05:00Z')); // '5m'
 */
export function formatCell(type: string, value: unknown, now: number): unknown {
  if (value === undefined || value === null) return null;
  switch (type) {
    case 'integer':
      // An int64 beyond 2^53 is a bigint and is written with every digit.
      if (typeof value === 'bigint') return value;
      return typeof value === 'number' ? Math.trunc(value) : null;
    case 'number':
      // kube turns an int64 into a float64 for a number column.
      if (typeof value === 'bigint') return Number(value);
      return typeof value === 'number' ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'string':
      // kube's JSONPath printer: lists and maps as JSON, scalars as Go prints them.
      return typeof value === 'object' ? goJson(value) : goPrint(value);
    case 'date': {
      if (typeof value !== 'string') return null;
      if (value === '' || value === 'null') return '<unknown>';
      if (!timeValid(value)) return '<invalid>';
      return humanDuration(now - Date.parse(value));
    }
    default:
      return null;
  }
}

/** Whether the columns bring their own `format: name` column (then no Name column is prepended). */
function hasNameColumn(columns: readonly PrinterColumn[]): boolean {
  return columns.some((c) => c.format === 'name');
}

/**
 * The served column definitions: Name, then `columns` (or the default Age column when empty). When
 * a column has `format: 'name'` (kube's Event table keeps Name last) no Name column is added.
 *
 * @example
 * tableColumnDefinitions([]).map((c) => c.name); // ['Name', 'Age']
 */
export function tableColumnDefinitions(columns: readonly PrinterColumn[]): TableColumnDefinition[] {
  const effective = columns.length > 0 ? columns : [AGE_COLUMN];
  const defs = effective.map((c) => ({
    name: c.name,
    type: c.type,
    format: c.format ?? '',
    description: c.description !== undefined && c.description !== '' ? c.description : `Custom resource definition column (in JSONPath format): ${c.jsonPath ?? ''}`,
    priority: c.priority ?? 0,
  }));
  if (hasNameColumn(effective)) return defs;
  return [{ name: 'Name', type: 'string', format: 'name', description: NAME_COLUMN_DESCRIPTION, priority: 0 }, ...defs];
}

function rowObject(obj: Record<string, any>, include: 'None' | 'Metadata' | 'Object'): unknown {
  if (include === 'None') return null;
  if (include === 'Object') return obj;
  return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: obj['metadata'] ?? {} };
}

/**
 * Builds the Table kubectl asks for with `Accept: application/json;as=Table;v=v1;g=meta.k8s.io`.
 * The Name column comes first (unless a column has `format: 'name'`); with no `columns` an Age
 * column follows (as kube serves CRDs without printer columns). Throws `JsonPathError` if a column's jsonPath does not parse.
 *
 * @example
 * buildTable([widget], [{ name: 'Size', type: 'integer', jsonPath: '.spec.size' }], { listMeta: { resourceVersion: '7' } });
 */
export function buildTable(objects: readonly Record<string, any>[], columns: readonly PrinterColumn[], options: BuildTableOptions = {}): Table {
  const include = options.includeObject ?? 'Metadata';
  const now = options.now === undefined ? Date.now() : typeof options.now === 'number' ? options.now : options.now.getTime();
  const effective = columns.length > 0 ? columns : [AGE_COLUMN];
  const compiled: (JsonPathSegment[] | undefined)[] = effective.map((c) =>
    c.value === undefined && c.cell === undefined && c.jsonPath !== undefined ? parseJsonPath(c.jsonPath) : undefined,
  );
  const ownName = hasNameColumn(effective);
  const rows = objects.map((obj): TableRow => {
    const name: unknown = obj['metadata']?.name;
    const objectName = typeof name === 'string' ? name : '';
    const cells: unknown[] = ownName ? [] : [objectName];
    effective.forEach((col, i) => {
      if (col.cell !== undefined) {
        cells.push(col.cell(obj, now) ?? null);
        return;
      }
      if (col.format === 'name' && col.jsonPath === undefined && col.value === undefined) {
        cells.push(objectName);
        return;
      }
      const path = compiled[i];
      const raw = col.value !== undefined ? col.value(obj) : path !== undefined ? evaluateJsonPathAll(obj, path)[0] : undefined;
      cells.push(formatCell(col.type, raw, now));
    });
    return { cells, object: rowObject(obj, include) };
  });
  const metadata: TableListMeta = {};
  const lm = options.listMeta;
  if (lm?.resourceVersion !== undefined && lm.resourceVersion !== '') metadata.resourceVersion = lm.resourceVersion;
  if (lm?.continue !== undefined && lm.continue !== '') metadata.continue = lm.continue;
  if (lm?.remainingItemCount !== undefined) metadata.remainingItemCount = lm.remainingItemCount;
  return { kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata, columnDefinitions: tableColumnDefinitions(effective), rows };
}
