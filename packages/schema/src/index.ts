// @opkit/schema: typed resources whose schemas compile to structural CRDs. A schema written once
// with the `k.*` builders gives the handler types, a validator and the CustomResourceDefinition.
// Every export is listed by name.

// Typed resources
// First: on a too-old Node, importing Opkit stops with a clear message (see requireNode.ts).
import './requireNode.js';

export { defineResource, isTypedResource, RESOURCE_IDENTITY } from './defineResource.js';
export type {
  TypedResource, ResourceBody, ResourceDefinition, ResourceObject, ResourceMetadata, TypedBody, PrinterColumn, ValidationResult,
  CustomResourceDefinition,
} from './defineResource.js';

// Schema builders
export { k } from './builders.js';
export type {
  CommonOptions, StringOptions, NumberOptions, ObjectOptions, MapOptions, ListOptions, IntOrStringOptions, ValidationRule, EmbeddedObject,
  StatusOf,
} from './builders.js';
export type { Static, TSchema } from 'typebox';

// Structural rules, values, names
export { lintStructural } from './lintStructural.js';
export type { LintOptions } from './lintStructural.js';
export { checkValue, applyDefaults, CHECKED_FORMATS } from './validateValue.js';
export type { ValueIssue, CheckValueOptions } from './validateValue.js';
export { pluralize } from './plural.js';

// Errors
export { SchemaError } from './errors.js';
export type { SchemaErrorCode, SchemaIssue } from './errors.js';
