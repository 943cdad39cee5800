// Barrel of the table module: JSONPath evaluation for printer columns, `meta.k8s.io/v1 Table`
// building for `kubectl get`, kube's age rendering and the built-in kinds' default columns.
//
// Signatures the server wires in:
//   buildTable(objects, columns: PrinterColumn[], { includeObject?: 'None' | 'Metadata' | 'Object'; listMeta?; now? }): Table
//     Name first (unless a column has format 'name', as in Event); columns [] → the CRD default Age column
//   defaultColumns(kind: string): PrinterColumn[]                // ConfigMap, Secret, Namespace, Event, Lease, …; else [Age]
//   evaluateJsonPath(obj, path): unknown; evaluateJsonPathAll(obj, path): unknown[]   // JsonPathError on bad syntax
//   humanDuration(ms): string                                    // '5s', '3m2s', '2d4h'

export type { JsonPathSegment } from './jsonPath.js';
export { parseJsonPath, evaluateJsonPath, evaluateJsonPathAll } from './jsonPath.js';
export type { PrinterColumn, TableColumnDefinition, TableRow, TableListMeta, Table, BuildTableOptions } from './table.js';
export { buildTable, formatCell, tableColumnDefinitions, AGE_COLUMN, NAME_COLUMN_DESCRIPTION, CREATION_TIMESTAMP_DESCRIPTION } from './table.js';
export { defaultColumns } from './defaultColumns.js';
export { humanDuration } from './humanDuration.js';
export { JsonPathError } from '../validation/errors.js';
