// Barrel of the schema module: CRD validation and names, structural-schema checks, and what a CRD's
// `openAPIV3Schema` does to custom resources — pruning, defaulting, validation — plus the list-type
// lookups server-side apply needs. Call order on a write: pruneObject → applyDefaults → validateObject.
//
// Signatures the server wires in:
//   validateCrd(crd: unknown): Cause[]                           // [] when valid; else 422 causes
//   crdNames(crd: unknown): CrdNames                              // singular/listKind defaulted
//   pruneObject(obj, schema | undefined): { object; unknownFields: string[] }   // a copy; paths sorted
//   applyDefaults(obj, schema | undefined): typeof obj            // a copy; drops non-nullable nulls
//   validateObject(obj, schema | undefined): Cause[]
//   fieldValidationOutcome(mode, unknownFields): { reject?: string; warnings: string[] }
//   validateFieldValidationParam(value): Cause[]                  // 422 on CreateOptions/UpdateOptions/PatchOptions
//   listMapKeys(schema, path: (string | number)[]): string[] | undefined
//   listType(schema, path): string; schemaAt(schema, path): JsonSchema | undefined

export type { JsonSchema } from './types.js';
export { listMapKeys, listType, schemaAt, OBJECT_META_FIELDS } from './types.js';
export type { PruneResult } from './prune.js';
export { pruneObject } from './prune.js';
export { applyDefaults } from './defaults.js';
export { validateObject, validateValue, jsonTypeOf } from './validateObject.js';
export { validateSchemaDefaults } from './defaultsCheck.js';
export { stringFormatValid } from './formats.js';
export type { FieldValidationMode, FieldValidationOutcome } from './fieldValidation.js';
export { fieldValidationOutcome, fieldValidationMode, validateFieldValidationParam, warningHeader } from './fieldValidation.js';
export { validateStructuralSchema } from './structural.js';
export type { CrdNames } from './crd.js';
export { validateCrd, validateCrdStatus, crdNames, floatSchemaBounds } from './crd.js';
